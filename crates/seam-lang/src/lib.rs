//! Files to models: discovery, language detection, parsing and lowering into the language-neutral model.
