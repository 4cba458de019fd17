//! Walking a repository and lowering every file in parallel. (Being written.)
