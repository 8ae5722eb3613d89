//! Inflections: how a word of a tile list is formed from its lemma. WordNet's exception lists
//! (`*.exc`, compiled into each word's record: RAN → RUN, MICE → MOUSE, HAPPIER → HAPPY) come
//! first; then its detachment rules (WordNet's `morphy`), as data below, plus the doubled final
//! consonant (BIGGER → BIG, RUNNING → RUN) that `morphy` leaves to its exception lists.
use serde::Serialize;

/// How a word is formed from its lemma.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "contract", derive(ts_rs::TS), ts(rename = "WordForm"))]
pub enum Form {
    /// QIS, MICE.
    Plural,
    /// RUNS.
    PresentTense,
    /// RAN, WALKED (also a past participle).
    PastTense,
    /// RUNNING.
    PresentParticiple,
    /// HAPPIER.
    Comparative,
    /// HAPPIEST.
    Superlative,
    /// Any other form an exception list gives.
    Inflection,
}

/// One detachment rule: a suffix, what replaces it, the part of speech (0 noun, 1 verb,
/// 2 adjective) and the form it makes.
struct Rule {
    suffix: &'static [u8],
    ending: &'static [u8],
    pos: u8,
    form: Form,
}

const fn rule(suffix: &'static str, ending: &'static str, pos: u8, form: Form) -> Rule {
    Rule {
        suffix: suffix.as_bytes(),
        ending: ending.as_bytes(),
        pos,
        form,
    }
}

/// WordNet 3.0's detachment rules (`morph.c`), in its order.
const RULES: &[Rule] = &[
    rule("S", "", 0, Form::Plural),
    rule("SES", "S", 0, Form::Plural),
    rule("XES", "X", 0, Form::Plural),
    rule("ZES", "Z", 0, Form::Plural),
    rule("CHES", "CH", 0, Form::Plural),
    rule("SHES", "SH", 0, Form::Plural),
    rule("MEN", "MAN", 0, Form::Plural),
    rule("IES", "Y", 0, Form::Plural),
    rule("S", "", 1, Form::PresentTense),
    rule("IES", "Y", 1, Form::PresentTense),
    rule("ES", "E", 1, Form::PresentTense),
    rule("ES", "", 1, Form::PresentTense),
    rule("ED", "E", 1, Form::PastTense),
    rule("ED", "", 1, Form::PastTense),
    rule("ING", "E", 1, Form::PresentParticiple),
    rule("ING", "", 1, Form::PresentParticiple),
    rule("ER", "", 2, Form::Comparative),
    rule("EST", "", 2, Form::Superlative),
    rule("ER", "E", 2, Form::Comparative),
    rule("EST", "E", 2, Form::Superlative),
    // Not in morphy, which lists these in its exception files one by one.
    rule("IER", "Y", 2, Form::Comparative),
    rule("IEST", "Y", 2, Form::Superlative),
    rule("IED", "Y", 1, Form::PastTense),
];

/// Every (lemma, part of speech, form) the rules give for `word` (upper case), with the
/// doubled final consonant undone after -ED, -ING, -ER and -EST. A candidate is only a
/// string: the caller keeps those the match's list holds and the data defines.
pub(crate) fn candidates(word: &[u8]) -> Vec<(Vec<u8>, u8, Form)> {
    let mut out = Vec::new();
    for r in RULES {
        let Some(stem) = word.strip_suffix(r.suffix) else {
            continue;
        };
        if stem.len() < 2 {
            continue;
        }
        let mut lemma = stem.to_vec();
        lemma.extend_from_slice(r.ending);
        out.push((lemma, r.pos, r.form));
        let doubling = r.ending.is_empty() && matches!(r.suffix, b"ED" | b"ING" | b"ER" | b"EST");
        if let [.., a, b] = stem {
            if doubling && a == b && !b"AEIOUSL".contains(b) {
                out.push((stem[..stem.len() - 1].to_vec(), r.pos, r.form));
            }
        }
    }
    out
}

/// The form an exception-list entry makes (the lists say only the lemma).
pub(crate) fn exception_form(word: &[u8], pos: u8) -> Form {
    match pos {
        0 => Form::Plural,
        1 if word.ends_with(b"ING") => Form::PresentParticiple,
        1 if word.ends_with(b"S") => Form::PresentTense,
        1 => Form::PastTense,
        2 | 3 if word.ends_with(b"EST") => Form::Superlative,
        2 | 3 if word.ends_with(b"ER") => Form::Comparative,
        _ => Form::Inflection,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_give_plurals_tenses_and_degrees() {
        let has = |w: &str, l: &str, f: Form| {
            candidates(w.as_bytes())
                .iter()
                .any(|(lemma, _, form)| lemma == l.as_bytes() && *form == f)
        };
        assert!(has("QIS", "QI", Form::Plural));
        assert!(has("BOXES", "BOX", Form::Plural));
        assert!(has("RUNNING", "RUN", Form::PresentParticiple));
        assert!(has("BIGGER", "BIG", Form::Comparative));
        assert!(has("HOPED", "HOPE", Form::PastTense));
        assert!(
            !has("SEES", "SE", Form::Plural),
            "a stem of one letter is no lemma"
        );
    }
}
