//! Packs: data files that teach seam a framework, client, store or bus, and the matcher that applies them.
