//! Renderings for people and tools: text, JSON, SARIF, Markdown.
