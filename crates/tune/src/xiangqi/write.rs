//! Writes fitted weights as `crates/xiangqi/src/engine/eval/weights.rs`.

use std::fmt::Write;

use qipan_xiangqi::Role;
use qipan_xiangqi::engine::eval::params;

const HEADER: &str = "\
//! The evaluation's weights, indexed as in [`super::params`].
//!
//! Written by `qipan-tune xiangqi fit` (crate `qipan-tune`, whose README gives the commands that
//! rebuild its data set and this file); regenerate rather than edit by hand.

use super::params::COUNT;
";

const ROLE_NAMES: [&str; 7] = [
    "general", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
];

/// The Rust source of a weights file holding `mg` and `eg`.
pub fn source(mg: &[i16], eg: &[i16]) -> String {
    let mut out = String::from(HEADER);
    out.push_str(&array("MG", "Middlegame weights.", mg));
    out.push_str(&array("EG", "Endgame weights.", eg));
    out
}

fn row(values: &[i16]) -> String {
    let items: Vec<String> = values.iter().map(i16::to_string).collect();
    format!("    {},\n", items.join(", "))
}

fn array(name: &str, doc: &str, w: &[i16]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n/// {doc}\n#[rustfmt::skip]\npub const {name}: [i16; COUNT] = ["
    );
    out.push_str(
        "    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn\n",
    );
    out.push_str(&row(&w[params::MATERIAL..params::MATERIAL + 7]));
    for (role, name) in Role::ALL.into_iter().zip(ROLE_NAMES) {
        let _ = writeln!(
            out,
            "    // {name}: ranks 0-9 from its side, files a-e (f-i mirror them)"
        );
        for rank in 0..10 {
            let start = params::pst(role, rank, 0);
            out.push_str(&row(&w[start..start + params::PST_FILES]));
        }
    }
    for (index, label) in params::SCALARS {
        let _ = writeln!(out, "    {}, // {label}", w[index]);
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_xiangqi::engine::eval::weights;

    #[test]
    fn the_committed_weights_are_in_the_written_form() {
        let committed = include_str!("../../../xiangqi/src/engine/eval/weights.rs");
        assert_eq!(source(&weights::MG, &weights::EG), committed);
    }
}
