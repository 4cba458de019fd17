//! Pairing both sides of each boundary, and every finding kind.
