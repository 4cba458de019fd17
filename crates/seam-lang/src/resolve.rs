//! Module resolution across files. (Being written.)
