//! Words every generator of the catalogue writes with.

/// The months' names, January first; the generators shorten them as the catalogue allows.
pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
