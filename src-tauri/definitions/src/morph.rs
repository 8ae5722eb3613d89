//! Inflections: how a word of a tile list is formed from its lemma. WordNet's exception lists
//! (`*.exc`, compiled into each word's record: RAN → RUN, MICE → MOUSE, HAPPIER → HAPPY) come
//! first; then its detachment rules (WordNet's `morphy`), as data below, plus the doubled final
//! consonant (BIGGER → BIG, RUNNING → RUN) that `morphy` leaves to its exception lists.
//!
//! The rules only strip suffixes, so they also pair a word with a shorter word that is not its
//! lemma: HATED → HAT, CODING → COD, SPINES → SPIN, CANES → CAN. [`regular`] keeps a rule's
//! lemma only when the lemma's regular inflection spells the word (HAT's past is HATTED), which
//! the rules cannot know: 587 words of list 3 were shown such a lemma (109 of the 23,671 of the
//! 30,000 most frequent words it accepts), and 608 of list 4 would be (118 of its 23,711, since
//! the project glosses MAK, TAK and NAM: MAKING, TAKES, NAMED); none are now (`cargo bench -p
//! wordclub-definitions` prints both).
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
    rule("ES", "", 0, Form::Plural), // after a final O only: HEROES, SUPERHEROES
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
        // The noun rule -ES → "" is for a final O (HEROES): the other plurals in -ES have
        // their own rules above.
        if r.pos == 0 && r.suffix == b"ES" && r.ending.is_empty() && !stem.ends_with(b"O") {
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

/// Nouns whose only plural is the Latin one (WordNet's `noun.exc`: CORNUA, GENUA), so an -S
/// word beside them is another word: CORNUS is the dogwood's genus, not two horns.
const LATIN_PLURAL_ONLY: &[&[u8]] = &[b"CORNU", b"GENU"];

fn vowel(c: u8) -> bool {
    b"AEIOU".contains(&c)
}

/// A one-syllable lemma ending consonant–vowel–consonant (HAT, COD, SCAR, QUIZ, not COAT,
/// FIX, PLAY, VISIT): its regular -ED, -ING, -ER and -EST double the final consonant.
fn doubles(lemma: &[u8]) -> bool {
    // QU is a consonant sound: QUIZ has one vowel.
    let letters: Vec<u8> = lemma
        .iter()
        .enumerate()
        .filter(|&(i, &c)| !(c == b'U' && i > 0 && lemma[i - 1] == b'Q'))
        .map(|(_, &c)| c)
        .collect();
    let groups = letters
        .iter()
        .enumerate()
        .filter(|&(i, &c)| vowel(c) && (i == 0 || !vowel(letters[i - 1])))
        .count();
    match letters.as_slice() {
        [.., a, b, c] => groups == 1 && !vowel(*a) && vowel(*b) && !b"AEIOUWXY".contains(c),
        [b, c] => groups == 1 && vowel(*b) && !b"AEIOUWXY".contains(c),
        _ => false,
    }
}

/// Does the regular inflection `form` of `lemma` spell `word`? HOPED is HOPE's past, not
/// HOP's (HOPPED); SPINES is SPINE's plural, not SPIN's present (SPINS); CORNUS is no plural.
pub(crate) fn regular(lemma: &[u8], form: Form, word: &[u8]) -> bool {
    let with = |ending: &[u8]| [lemma, ending].concat() == word;
    let last = lemma.last().copied().unwrap_or(b'A');
    let before = lemma.len().checked_sub(2).map(|i| lemma[i]);
    let consonant_y = last == b'Y' && before.is_some_and(|c| !vowel(c));
    let dropped = |ending: &[u8]| [&lemma[..lemma.len() - 1], ending].concat() == word;
    // -ED, -ING, -ER, -EST: E dropped before the suffix's E or I, Y to I, a doubled consonant.
    let suffixed = |suffix: &[u8]| {
        if last == b'E' {
            if suffix == b"ING" {
                // HOPING, but BEING, SEEING, HOEING, DYEING keep theirs, and AGEING, SINGEING
                // may.
                dropped(b"ING")
                    || ((lemma.len() == 2 || matches!(before, Some(b'E' | b'O' | b'Y' | b'G')))
                        && with(b"ING"))
            } else {
                with(&suffix[1..])
            }
        } else if consonant_y && suffix != b"ING" {
            dropped(&[b"I", suffix].concat())
        } else {
            let doubled = with(&[&[last][..], suffix].concat());
            // A longer lemma may double or not (TRAVELLED, TRAVELED); a short one must (HATTED).
            doubled || (!doubles(lemma) && with(suffix))
        }
    };
    match form {
        Form::Plural | Form::PresentTense => {
            if form == Form::Plural && LATIN_PLURAL_ONLY.contains(&lemma) {
                return false;
            }
            if form == Form::Plural
                && lemma.ends_with(b"MAN")
                && [&lemma[..lemma.len() - 2], b"EN"].concat() == word
            {
                return true;
            }
            if lemma.ends_with(b"CH") {
                // CHURCHES, but MONARCHS and STOMACHS, where CH sounds K.
                with(b"ES") || with(b"S")
            } else if lemma.ends_with(b"S")
                || lemma.ends_with(b"X")
                || lemma.ends_with(b"Z")
                || lemma.ends_with(b"SH")
            {
                with(b"ES")
            } else if consonant_y {
                dropped(b"IES")
            } else if last == b'O' {
                with(b"S") || with(b"ES")
            } else {
                with(b"S")
            }
        }
        Form::PastTense => suffixed(b"ED"),
        Form::PresentParticiple => suffixed(b"ING"),
        Form::Comparative => suffixed(b"ER"),
        Form::Superlative => suffixed(b"EST"),
        Form::Inflection => false,
    }
}

/// The form an exception-list entry makes (the lists say only the lemma). BE's forms are
/// irregular in person as well as tense: AM and ARE are present, WAS past.
pub(crate) fn exception_form(word: &[u8], pos: u8) -> Form {
    match pos {
        0 => Form::Plural,
        1 if matches!(word, b"AM" | b"ARE" | b"ART" | b"IS") => Form::PresentTense,
        1 if matches!(word, b"WAS" | b"WAST") => Form::PastTense,
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

    #[test]
    fn a_lemma_stands_only_when_its_regular_inflection_spells_the_word() {
        for (word, lemma, form) in [
            ("HATED", "HATE", Form::PastTense),
            ("HATTED", "HAT", Form::PastTense),
            ("HOPED", "HOPE", Form::PastTense),
            ("HOPPED", "HOP", Form::PastTense),
            ("CODING", "CODE", Form::PresentParticiple),
            ("SEEING", "SEE", Form::PresentParticiple),
            ("BEING", "BE", Form::PresentParticiple),
            ("AGEING", "AGE", Form::PresentParticiple),
            ("AGING", "AGE", Form::PresentParticiple),
            ("RUNNING", "RUN", Form::PresentParticiple),
            ("VISITED", "VISIT", Form::PastTense),
            ("TRAVELLED", "TRAVEL", Form::PastTense),
            ("TRAVELED", "TRAVEL", Form::PastTense),
            ("QUIZZED", "QUIZ", Form::PastTense),
            ("PLAYED", "PLAY", Form::PastTense),
            ("CRIED", "CRY", Form::PastTense),
            ("SPINES", "SPINE", Form::Plural),
            ("SPINS", "SPIN", Form::PresentTense),
            ("BOXES", "BOX", Form::Plural),
            ("CHURCHES", "CHURCH", Form::Plural),
            ("MONARCHS", "MONARCH", Form::Plural),
            ("POS", "PO", Form::Plural),
            ("SUPERHEROES", "SUPERHERO", Form::Plural),
            ("OES", "OE", Form::Plural),
            ("HAPPIER", "HAPPY", Form::Comparative),
            ("BIGGEST", "BIG", Form::Superlative),
            ("NICER", "NICE", Form::Comparative),
            ("WOMEN", "WOMAN", Form::Plural),
        ] {
            assert!(
                regular(lemma.as_bytes(), form, word.as_bytes()),
                "{word} is {lemma}'s {form:?}"
            );
        }
        for (word, lemma, form) in [
            ("HATED", "HAT", Form::PastTense),
            ("HOPED", "HOP", Form::PastTense),
            ("DINING", "DIN", Form::PresentParticiple),
            ("CODING", "COD", Form::PresentParticiple),
            ("COPING", "COP", Form::PresentParticiple),
            ("CUBED", "CUB", Form::PastTense),
            ("SCARED", "SCAR", Form::PastTense),
            ("RATED", "RAT", Form::PastTense),
            ("SPINES", "SPIN", Form::PresentTense),
            ("CANES", "CAN", Form::PresentTense),
            ("CORNUS", "CORNU", Form::Plural),
            ("BUSS", "BUS", Form::Plural),
        ] {
            assert!(
                !regular(lemma.as_bytes(), form, word.as_bytes()),
                "{word} is not {lemma}'s {form:?}"
            );
        }
    }

    #[test]
    fn be_s_forms_have_their_tense() {
        assert_eq!(exception_form(b"WAS", 1), Form::PastTense);
        assert_eq!(exception_form(b"WERE", 1), Form::PastTense);
        assert_eq!(exception_form(b"ARE", 1), Form::PresentTense);
        assert_eq!(exception_form(b"AM", 1), Form::PresentTense);
        assert_eq!(exception_form(b"IS", 1), Form::PresentTense);
        assert_eq!(exception_form(b"BEING", 1), Form::PresentParticiple);
    }
}
