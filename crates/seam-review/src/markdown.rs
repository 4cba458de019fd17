//! Markdown views for reviewers. Placeholder replaced below.
