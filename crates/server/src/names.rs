//! Names people type (leaderboard entries, later display names): normalised so that two names
//! that look the same are the same, and so that no invisible or direction-changing character
//! can hide or disguise one.

use unicode_normalization::UnicodeNormalization;

use crate::error::ApiError;

/// The longest name kept, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Characters that draw nothing or change the direction of the text around them: zero-width
/// spaces and joiners, bidi embeddings, overrides and isolates, the soft hyphen, word joiners,
/// invisible operators and the byte-order mark.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
}

/// `raw` as a name: Unicode NFC, control and invisible characters removed, runs of white space
/// made one space, trimmed; 1 to [`MAX_NAME_CHARS`] characters, else 422 `bad_name`.
pub fn normalize_name(raw: &str) -> Result<String, ApiError> {
    let mut name = String::with_capacity(raw.len());
    let mut space = false;
    for c in raw.nfc() {
        if c.is_whitespace() {
            space = !name.is_empty();
        } else if !c.is_control() && !is_invisible(c) {
            if space {
                name.push(' ');
                space = false;
            }
            name.push(c);
        }
    }
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::unprocessable(
            "bad_name",
            format!("the name must have 1 to {MAX_NAME_CHARS} visible characters"),
        ));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_control_characters_are_removed() {
        assert_eq!(normalize_name("  小明 ").unwrap(), "小明");
        assert_eq!(normalize_name("Ada\u{200B}\u{200D}").unwrap(), "Ada");
        assert_eq!(normalize_name("\u{202E}nimda").unwrap(), "nimda");
        assert_eq!(normalize_name("Bo\tb\n\nby").unwrap(), "Bo b by");
        assert_eq!(normalize_name("a\u{0007}b").unwrap(), "ab");
    }

    #[test]
    fn look_alike_spellings_become_one() {
        // "é" as one code point and as e + combining acute accent.
        assert_eq!(
            normalize_name("Ren\u{00E9}").unwrap(),
            normalize_name("Rene\u{0301}").unwrap()
        );
    }

    #[test]
    fn empty_invisible_or_long_names_are_refused() {
        for bad in [
            "",
            "   ",
            "\u{200B}\u{FEFF}",
            &"长".repeat(MAX_NAME_CHARS + 1),
        ] {
            let err = normalize_name(bad).unwrap_err();
            assert_eq!(err.code, "bad_name", "{bad:?}");
        }
        assert!(normalize_name(&"长".repeat(MAX_NAME_CHARS)).is_ok());
    }
}
