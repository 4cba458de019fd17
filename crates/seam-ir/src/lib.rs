//! The wire formats seam reads and writes: behavioural summaries (schemaVersion 7) and the review IR.
