//! Plain-text formatting of bench rows.

use super::Row;

/// One row as an aligned line: what, figure, unit.
pub fn format_row(row: &Row) -> String {
    format!(
        "{:<48} {:>16} {}",
        row.what,
        format_figure(row.figure),
        row.unit
    )
}

/// A figure with thousands separators and at most three significant decimals.
pub fn format_figure(figure: f64) -> String {
    if !figure.is_finite() {
        return figure.to_string();
    }
    if figure.abs() >= 1000.0 {
        let whole = figure.round() as i128;
        let digits = whole.unsigned_abs().to_string();
        let mut out = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        if whole < 0 {
            out.insert(0, '-');
        }
        out
    } else if figure.abs() >= 10.0 {
        format!("{figure:.1}")
    } else {
        format!("{figure:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::format_figure;

    #[test]
    fn figures_are_grouped_and_rounded() {
        assert_eq!(format_figure(123_456_789.4), "123,456,789");
        assert_eq!(format_figure(1000.0), "1,000");
        assert_eq!(format_figure(-12_345.0), "-12,345");
        assert_eq!(format_figure(42.26), "42.3");
        assert_eq!(format_figure(0.5), "0.500");
    }
}
