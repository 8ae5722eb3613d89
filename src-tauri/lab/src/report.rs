//! `--report FILE.html`: one self-contained page of pictures of a lab run (no script, no
//! font, no request: inline SVG and CSS only, so it opens from a mail or a shard host as
//! well as from disk). For each table measured: every seat's win share with its 95% and
//! 99.5% intervals against a fair share, how matches end, how long they are, a heat map of
//! how often each square is covered at the end, and each seat's score distribution.
//!
//! This module is the one owner of the lab's chart drawing: the page here and the Rules
//! screen (`rules_evidence`, from the shipped evidence of `crate::evidence`) both show the
//! [`Chart`]s it draws. Every text inside a drawing is escaped here, and a drawing holds only
//! `svg`, `g`, `rect`, `line`, `polyline`, `text` and `title` elements with presentation
//! attributes (no script, no link, no `style` attribute: the app's CSP allows none inline).

use std::fmt::Write;

use serde::Serialize;

use crate::measure::Measurement;
use crate::tally::{Histogram, Tally};

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Seat colours, one per seat (at most four), readable on white and told apart in grey.
const SEAT: [&str; 4] = ["#1f6fb2", "#d9730d", "#2e8540", "#8e3ca8"];

const CSS: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:980px;\
color:#1d1d1f;padding:0 16px}h1{font-size:22px}h2{font-size:18px;margin-top:32px;\
border-top:1px solid #ddd;padding-top:16px}h3{font-size:15px;margin:18px 0 6px}\
figure{margin:0 0 12px}figcaption{font-size:13px;color:#555}svg text{font:12px system-ui,\
sans-serif}table{border-collapse:collapse;font-size:13px}td,th{padding:2px 8px;text-align:right}\
th:first-child,td:first-child{text-align:left}.grid{display:flex;flex-wrap:wrap;gap:24px}\
svg{max-width:100%;height:auto}.alt{display:block}";

/// One table of a page: a short name for the seat chart ("3 players", "variant 4"), a
/// heading for its section, its figures and its tally.
pub struct Table<'a> {
    pub short: String,
    pub heading: String,
    pub figures: &'a Measurement,
    pub tally: &'a Tally,
}

impl<'a> Table<'a> {
    /// A table of a measure run, named by its players.
    pub fn of_run(figures: &'a Measurement, tally: &'a Tally) -> Table<'a> {
        let p = figures.per_seat.len();
        Table {
            short: format!("{p} players"),
            heading: format!("{p} players: {}", figures.players.join(", ")),
            figures,
            tally,
        }
    }
}

/// One chart: its drawing and its words. `id` names the kind (`seat-wins`, `endings`,
/// `length`, `heat-map`, `scores`, `margin`); `caption` says how to read the drawing and
/// `description` gives the figures it draws in words: its text alternative.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Chart {
    pub id: &'static str,
    pub title: String,
    /// The SVG markup (one `<svg>` element), every text in it escaped.
    pub svg: String,
    pub caption: String,
    pub description: String,
}

/// One page for the tables of a run; `title` names it (the rule set and list).
pub fn html(title: &str, tables: &[Table<'_>]) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{t}</title><style>{CSS}</style></head><body>\
         <h1>{t}</h1>",
        t = esc(title)
    );
    let seats = seat_wins(tables);
    let _ = write!(
        out,
        "<section data-chart=\"seat-wins\"><h2>{}</h2>{}</section>",
        esc(&seats.title),
        figure_body(&seats)
    );
    for t in tables {
        out += &table_section(t);
    }
    out += "</body></html>\n";
    out
}

/// A chart's drawing and its words, as the page shows them.
fn figure_body(c: &Chart) -> String {
    format!(
        "<figure>{svg}<figcaption>{caption}<span class=\"alt\">{description}</span>\
         </figcaption></figure>",
        svg = c.svg,
        caption = esc(&c.caption),
        description = esc(&c.description)
    )
}

/// Every table's seats side by side: bars of win share, whiskers of the 95% (thick) and
/// 99.5% (thin) intervals, a dashed line at the fair share. Given one table, its seats
/// alone (the Rules screen draws one per table size, so that each stays readable on a phone).
pub fn seat_wins(tables: &[Table<'_>]) -> Chart {
    let (w, h, top, left) = (
        90.0 * tables
            .iter()
            .map(|t| t.figures.per_seat.len())
            .sum::<usize>() as f64
            + 60.0 * tables.len() as f64
            + 50.0,
        240.0,
        16.0,
        44.0,
    );
    let base = h - 40.0;
    // The scale tops at the highest whisker, rounded up to 10 points.
    let max = tables
        .iter()
        .flat_map(|t| t.figures.per_seat.iter().map(|s| s.win_ci995[1]))
        .fold(0.3f64, f64::max);
    let max = (max * 10.0).ceil() / 10.0;
    let y = |v: f64| base - (base - top) * v / max;
    let title = match tables {
        [one] => format!("Seat wins, {}", one.short),
        _ => "Seat wins by table size".to_string(),
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{t}\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">",
        t = esc(&title)
    );
    let mut tick = 0.0;
    while tick <= max + 1e-9 {
        let _ = write!(
            s,
            "<line x1=\"{left}\" x2=\"{w}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#eee\"/>\
             <text x=\"{x}\" y=\"{ty:.1}\" text-anchor=\"end\">{p:.0}%</text>",
            y = y(tick),
            x = left - 6.0,
            ty = y(tick) + 4.0,
            p = tick * 100.0
        );
        tick += 0.1;
    }
    let mut x = left + 20.0;
    let mut words = Vec::new();
    for table in tables {
        let m = table.figures;
        let start = x;
        let mut seats = Vec::new();
        for seat in &m.per_seat {
            let c = SEAT[(seat.seat - 1) % SEAT.len()];
            let _ = write!(
                s,
                "<g data-seat=\"{n}\" data-players=\"{p}\" data-win=\"{r:.4}\">\
                 <title>{p} players, seat {n}: {rp} (95% {a}–{b}; 99.5% {c995}–{d995})</title>\
                 <rect x=\"{x}\" y=\"{ry:.1}\" width=\"56\" height=\"{rh:.1}\" fill=\"{c}\" opacity=\"0.8\"/>\
                 <line x1=\"{cx}\" x2=\"{cx}\" y1=\"{y1:.1}\" y2=\"{y2:.1}\" stroke=\"#000\" stroke-width=\"1\"/>\
                 <line x1=\"{cx}\" x2=\"{cx}\" y1=\"{y3:.1}\" y2=\"{y4:.1}\" stroke=\"#000\" stroke-width=\"4\"/>\
                 <text x=\"{cx}\" y=\"{ly}\" text-anchor=\"middle\">seat {n}</text></g>",
                n = seat.seat,
                p = m.per_seat.len(),
                r = seat.win.rate,
                rp = pct(seat.win.rate),
                a = pct(seat.win.ci95[0]),
                b = pct(seat.win.ci95[1]),
                c995 = pct(seat.win_ci995[0]),
                d995 = pct(seat.win_ci995[1]),
                ry = y(seat.win.rate),
                rh = base - y(seat.win.rate),
                cx = x + 28.0,
                y1 = y(seat.win_ci995[1]),
                y2 = y(seat.win_ci995[0]),
                y3 = y(seat.win.ci95[1]),
                y4 = y(seat.win.ci95[0]),
                ly = base + 16.0,
            );
            seats.push(format!(
                "seat {} {} (95% {}–{})",
                seat.seat,
                pct(seat.win.rate),
                pct(seat.win.ci95[0]),
                pct(seat.win.ci95[1])
            ));
            x += 90.0;
        }
        words.push(format!(
            "{}: {}; a fair share is {}.",
            table.short,
            seats.join(", "),
            pct(m.table.fair_share)
        ));
        let fair = y(m.table.fair_share);
        let _ = write!(
            s,
            "<line x1=\"{a}\" x2=\"{b}\" y1=\"{fair:.1}\" y2=\"{fair:.1}\" stroke=\"#c00\" \
             stroke-dasharray=\"5 4\"/><text x=\"{mid}\" y=\"{ly}\" text-anchor=\"middle\" \
             font-weight=\"600\">{name}</text>",
            a = start - 8.0,
            b = x - 26.0,
            mid = (start + x - 34.0) / 2.0,
            ly = base + 34.0,
            name = esc(&table.short)
        );
        x += 60.0;
    }
    s += "</svg>";
    Chart {
        id: "seat-wins",
        title,
        svg: s,
        caption: "Bars: each seat's share of the wins (seat 1 moves first; a shared win counts \
                  its share). Thick whiskers: 95% interval; thin: 99.5%. Dashed red: a fair \
                  share."
            .into(),
        description: words.join(" "),
    }
}

/// A table's other charts, in the page's order: how matches end, their length, the squares
/// covered, the seats' scores and the winning margins.
pub fn table_charts(table: &Table<'_>) -> Vec<Chart> {
    let (m, t) = (table.figures, table.tally);
    let q = |x: &crate::measure::Quantiles| {
        format!(
            "the median is {}, the middle half {} to {}, 10% to 90% of them {} to {}, the \
             largest {}",
            x.p50, x.p25, x.p75, x.p10, x.p90, x.max
        )
    };
    vec![
        endings(m),
        bars(
            ("length", "Match length", "turns per match"),
            &t.turns,
            "#555",
            format!("Turns per match: {}.", q(&m.table.length)),
        ),
        heat_map(m, t),
        scores(m, t),
        bars(
            ("margin", "Winning margin", "points between the top two"),
            &t.margin,
            "#777",
            format!("Winning margins in points: {}.", q(&m.table.margin)),
        ),
    ]
}

fn table_section(table: &Table<'_>) -> String {
    let m = table.figures;
    let mut s = String::new();
    let _ = write!(
        s,
        "<section data-table=\"{p}\"><h2>{heading}</h2>\
         <p>{games} matches, seed {seed}. {mpp:.1} moves per player; the board jams (pass \
         rule with tiles in the bag) in {jam}; bag emptied in {emptied}; letters missing: \
         {missing}.</p>",
        p = m.per_seat.len(),
        heading = esc(&table.heading),
        games = m.games,
        seed = m.seed,
        mpp = m.table.moves_per_player,
        jam = pct(m.table.board_jams.rate),
        emptied = pct(m.bag_emptied.rate),
        missing = if m.letters.missing.is_empty() {
            "none".to_string()
        } else {
            esc(&m.letters.missing)
        }
    );
    let charts = table_charts(table);
    let figure = |c: &Chart| {
        format!(
            "<figure data-chart=\"{id}\"><h3>{title}</h3>{svg}<figcaption>{caption}\
             <span class=\"alt\">{description}</span></figcaption></figure>",
            id = c.id,
            title = esc(&c.title),
            svg = c.svg,
            caption = esc(&c.caption),
            description = esc(&c.description)
        )
    };
    s += "<div class=\"grid\">";
    for c in &charts[..3] {
        s += &figure(c);
    }
    s += "</div><div class=\"grid\">";
    for c in &charts[3..] {
        s += &figure(c);
    }
    s += "</div></section>";
    s
}

/// How matches end: one stacked bar.
fn endings(m: &Measurement) -> Chart {
    let e = &m.endings;
    let parts = [
        ("went out", e.went_out.rate, "#2e8540"),
        ("passes, bag empty", e.passes.rate, "#1f6fb2"),
        ("board jammed, tiles in bag", e.full_board.rate, "#c00"),
        ("turn limit", e.turn_limit.rate, "#d9730d"),
        ("resigned", e.resigned.rate, "#888"),
    ];
    let title = "How matches end";
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{title}\" width=\"300\" height=\"150\" viewBox=\"0 0 300 150\">",
    );
    let mut x = 0.0;
    for (name, share, colour) in parts {
        let w = 300.0 * share;
        if w > 0.0 {
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"0\" width=\"{w:.1}\" height=\"28\" fill=\"{colour}\">\
                 <title>{name}: {p}</title></rect>",
                p = pct(share)
            );
        }
        x += w;
    }
    for (i, (name, share, colour)) in parts.iter().enumerate() {
        let y = 46.0 + 20.0 * i as f64;
        let _ = write!(
            s,
            "<rect x=\"0\" y=\"{r}\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"18\" y=\"{ty}\">{name} {p}</text>",
            r = y - 10.0,
            ty = y,
            p = pct(*share)
        );
    }
    s += "</svg>";
    let words: Vec<String> = parts
        .iter()
        .map(|(name, share, _)| format!("{name} {}", pct(*share)))
        .collect();
    Chart {
        id: "endings",
        title: title.into(),
        svg: s,
        caption: "Share of matches by how they end".into(),
        description: format!("Matches end: {}.", words.join(", ")),
    }
}

/// A histogram as bars, one per value (or per bin of values when there are many).
/// `names`: the chart's id, title and axis.
fn bars(
    (id, title, axis): (&'static str, &str, &str),
    h: &Histogram,
    colour: &str,
    description: String,
) -> Chart {
    let (w, ht) = (300.0, 150.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{t}\" width=\"{w}\" height=\"{ht2}\" \
         viewBox=\"0 0 {w} {ht2}\">",
        t = esc(title),
        ht2 = ht + 20.0
    );
    let values: Vec<(i64, u64)> = h.iter().collect();
    if let (Some(&(lo, _)), Some(&(hi, _))) = (values.first(), values.last()) {
        let span = (hi - lo + 1) as usize;
        let bins = span.min(60);
        let width = span.div_ceil(bins) as i64;
        let mut counts = vec![0u64; bins];
        for (v, c) in values {
            counts[((v - lo) / width) as usize] += c;
        }
        let top = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
        let bw = w / bins as f64;
        for (i, c) in counts.iter().enumerate() {
            let bh = ht * *c as f64 / top;
            let from = lo + i as i64 * width;
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{bw2:.1}\" height=\"{bh:.1}\" fill=\"{colour}\">\
                 <title>{from}{to}: {c}</title></rect>",
                x = i as f64 * bw,
                y = ht - bh,
                bw2 = (bw - 1.0).max(0.5),
                to = if width > 1 {
                    format!("–{}", from + width - 1)
                } else {
                    String::new()
                }
            );
        }
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{ly}\">{lo}</text><text x=\"{w}\" y=\"{ly}\" text-anchor=\"end\">{hi}</text>",
            ly = ht + 15.0
        );
    }
    s += "</svg>";
    Chart {
        id,
        title: title.into(),
        svg: s,
        caption: format!("Matches by {axis}"),
        description,
    }
}

/// How often each square is covered at the end: darker is more often.
fn heat_map(m: &Measurement, t: &Tally) -> Chart {
    let n = (m.squares as f64).sqrt().round() as usize;
    let cell = (240 / n.max(1)).clamp(12, 28);
    let size = cell * n;
    let games = t.games.max(1) as f64;
    let title = "Squares covered";
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{title}\" width=\"{size}\" height=\"{size}\" \
         viewBox=\"0 0 {size} {size}\">"
    );
    let share = |r: usize, c: usize| t.covered.get(r * n + c).copied().unwrap_or(0) as f64 / games;
    for r in 0..n {
        for c in 0..n {
            let _ = write!(
                s,
                "<rect data-square=\"{r},{c}\" x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" \
                 fill=\"#1f6fb2\" fill-opacity=\"{o:.3}\" stroke=\"#fff\"><title>row {r1}, column {c1}: \
                 {p}</title></rect>",
                x = c * cell,
                y = r * cell,
                o = 0.05 + 0.95 * share(r, c),
                r1 = r + 1,
                c1 = c + 1,
                p = pct(share(r, c))
            );
        }
    }
    s += "</svg>";
    // In words: the most and least covered squares, and how many are covered in most matches.
    let squares: Vec<(usize, usize, f64)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| (r, c, share(r, c)))
        .collect();
    let most =
        squares
            .iter()
            .copied()
            .fold(None, |best: Option<(usize, usize, f64)>, q| match best {
                Some(b) if b.2 >= q.2 => Some(b),
                _ => Some(q),
            });
    let least =
        squares
            .iter()
            .copied()
            .fold(None, |best: Option<(usize, usize, f64)>, q| match best {
                Some(b) if b.2 <= q.2 => Some(b),
                _ => Some(q),
            });
    let half = squares.iter().filter(|q| q.2 >= 0.5).count();
    let description = match (most, least) {
        (Some(a), Some(b)) => format!(
            "Of the {total} squares, {half} are covered at the end of at least half the \
             matches. The most often covered is row {}, column {} ({}); the least, row {}, \
             column {} ({}).",
            a.0 + 1,
            a.1 + 1,
            pct(a.2),
            b.0 + 1,
            b.1 + 1,
            pct(b.2),
            total = n * n
        ),
        _ => "No square was measured.".into(),
    };
    Chart {
        id: "heat-map",
        title: title.into(),
        svg: s,
        caption: "Share of matches that end with each square covered: darker is more often".into(),
        description,
    }
}

/// Each seat's final scores, as lines over the same bins, with the seats' legend.
fn scores(m: &Measurement, t: &Tally) -> Chart {
    let (w, ht) = (460.0, 160.0);
    let title = "Final scores by seat";
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{title}\" width=\"{w}\" height=\"{h2}\" viewBox=\"0 0 {w} {h2}\">",
        h2 = ht + 24.0 + 18.0 * m.per_seat.len().div_ceil(2) as f64
    );
    let all = t.all_scores();
    let lo = all.quantile(0.0);
    let hi = all.quantile(1.0);
    let bins = 40usize;
    let width = ((hi - lo + 1) as usize).div_ceil(bins).max(1) as i64;
    let binned: Vec<Vec<u64>> = t
        .seat_score
        .iter()
        .map(|h| {
            let mut b = vec![0u64; bins];
            for (v, c) in h.iter() {
                b[(((v - lo) / width) as usize).min(bins - 1)] += c;
            }
            b
        })
        .collect();
    let top = binned.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    for (seat, b) in binned.iter().enumerate() {
        let points: Vec<String> = b
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                format!(
                    "{:.1},{:.1}",
                    (i as f64 + 0.5) * w / bins as f64,
                    ht - ht * c as f64 / top
                )
            })
            .collect();
        let _ = write!(
            s,
            "<polyline data-seat=\"{n}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2\" points=\"{p}\">\
             <title>seat {n}: mean {mean:.1}</title></polyline>",
            n = seat + 1,
            c = SEAT[seat % SEAT.len()],
            p = points.join(" "),
            mean = m.per_seat.get(seat).map_or(0.0, |s| s.score.mean)
        );
    }
    let _ = write!(
        s,
        "<text x=\"0\" y=\"{ly}\">{lo}</text><text x=\"{w}\" y=\"{ly}\" text-anchor=\"end\">{hi}</text>",
        ly = ht + 15.0
    );
    // The legend, inside the drawing (two seats a row): a colour per seat and its mean.
    let mut words = Vec::new();
    for (seat, f) in m.per_seat.iter().enumerate() {
        let (x, y) = (
            160.0 * (seat % 2) as f64,
            ht + 26.0 + 18.0 * (seat / 2) as f64,
        );
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"10\" height=\"10\" fill=\"{c}\"/>\
             <text x=\"{tx}\" y=\"{ty}\">seat {n}: mean {mean:.1}</text>",
            tx = x + 14.0,
            ty = y + 9.0,
            c = SEAT[seat % SEAT.len()],
            n = f.seat,
            mean = f.score.mean
        );
        let h = t.seat_score.get(seat);
        words.push(format!(
            "seat {} mean {:.1}, middle half {} to {}",
            f.seat,
            f.score.mean,
            h.map_or(0, |h| h.quantile(0.25)),
            h.map_or(0, |h| h.quantile(0.75))
        ));
    }
    s += "</svg>";
    Chart {
        id: "scores",
        title: title.into(),
        svg: s,
        caption: format!("Matches by each seat's final score, {lo} to {hi} points"),
        description: format!("Final scores: {}.", words.join("; ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_a_table_brings_is_escaped_in_the_drawings_and_the_page() {
        let shipped = include_str!("../data/evidence/wordclub-1.2.hard-hard.json");
        let t = crate::evidence::parse("wordclub-1.2.hard-hard.json", shipped).unwrap();
        let table = Table {
            short: "<script>\"x\"&".into(),
            heading: "<img src=x onerror=alert(1)>".into(),
            figures: &t.figures,
            tally: &t.tally,
        };
        let seats = seat_wins(std::slice::from_ref(&table));
        assert!(seats.svg.contains("&lt;script&gt;&quot;x&quot;&amp;"));
        assert!(!seats.svg.contains("<script"));
        // The chart's own words are plain text (the app shows them as text); the page escapes them.
        assert_eq!(seats.title, "Seat wins, <script>\"x\"&");
        let page = html("a <title>", &[table]);
        assert!(!page.contains("<script") && !page.contains("<img"));
        assert!(page.contains("a &lt;title&gt;"));
        assert!(page.contains("&lt;img src=x onerror=alert(1)&gt;"));
    }
}
