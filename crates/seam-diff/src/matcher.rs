//! Pairing the Symbols of two review IRs, in five stages; each stage takes what the previous
//! ones left.
//!
//! 1. **id-match**: the same id on both sides (dropped Symbols included).
//! 2. **git-rename** (only with a rename map): a base Symbol whose file was renamed claims the
//!    head Symbol with its id rewritten to the new path; a head claimed twice goes to the
//!    lowest base id.
//! 3. **logic-fingerprint**: kept Symbols with a non-zero logic fingerprint, grouped by it,
//!    head groups in head id order. A group with exactly one base left pairs it with the head
//!    of the most similar name (ties to the lower head id), with no threshold: identical logic
//!    is proof enough, so a lone Symbol with an empty body pairs with any added Symbol with an
//!    empty body. Otherwise every base × head pair scoring at least 0.85 on name similarity
//!    is settled in score order, and again until nothing is accepted.
//! 4. **name-signature**: bases bucketed by kind and whether they have a signature; names of
//!    one token and heads without a signature left out; candidates found through an index of
//!    member-name tokens; a candidate must pass the member-similarity floor and the owner gate
//!    and score `0.5·member + 0.3·signature + 0.2` at least the threshold (1.0 for a one-token
//!    member name, 0.95 for two, 0.85 otherwise). All settled in one score-order sweep.
//! 5. **dropped-weak-match**: a dropped base and a dropped head that are the only dropped
//!    Symbols left with one key (`kind/member name` or `kind/file name`) pair; a maximum
//!    matching is taken over the resulting paths and cycles.
//!
//! Everything left is added, removed, or unknown (its file was not analysed on the other
//! side); dropped leftovers are only counted.
//!
//! Orders are by UTF-16 code unit, like the IR's.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

use seam_ir::review::{Symbol, ZERO_FINGERPRINT, utf16_cmp};

use crate::similarity::{
    jaccard, last_segment, name_similarity, owner_of, owners_compatible, signature_similarity,
    tokenize_name,
};

/// Why two Symbols were paired (`MatchRationale`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rationale {
    IdMatch,
    GitRename,
    LogicFingerprint,
    LogicFingerprintNameDisambiguation,
    NameSignature,
    DroppedWeakMatch,
}

impl Rationale {
    pub fn as_str(self) -> &'static str {
        match self {
            Rationale::IdMatch => "id-match",
            Rationale::GitRename => "git-rename",
            Rationale::LogicFingerprint => "logic-fingerprint",
            Rationale::LogicFingerprintNameDisambiguation => {
                "logic-fingerprint+name-disambiguation"
            }
            Rationale::NameSignature => "name-signature",
            Rationale::DroppedWeakMatch => "dropped-weak-match",
        }
    }
}

/// One pairing: indexes into the base and head Symbol lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    pub base: usize,
    pub head: usize,
    pub rationale: Rationale,
}

/// What the matcher decided.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Matching {
    /// In the order they were made.
    pub pairs: Vec<Pair>,
    /// Base Symbols nobody claimed, in base order.
    pub unmatched_base: Vec<usize>,
    /// Head Symbols nobody claimed, in head order.
    pub unmatched_head: Vec<usize>,
}

/// Score threshold of stage 3's name disambiguation.
pub const LOGIC_NAME_THRESHOLD: f64 = 0.85;

/// Pairs `base` with `head`. `renames` maps an old file path to its new one (empty: stage 2
/// does not run).
pub fn match_symbols(
    base: &[Symbol],
    head: &[Symbol],
    renames: &BTreeMap<String, String>,
) -> Matching {
    let mut state = State {
        base,
        head,
        base_free: vec![true; base.len()],
        head_free: vec![true; head.len()],
        pairs: Vec::new(),
    };
    // Indexes in id order (the documents are sorted, but the matcher does not rely on it).
    let mut base_order: Vec<usize> = (0..base.len()).collect();
    base_order.sort_by(|&a, &b| utf16_cmp(&base[a].id, &base[b].id));
    let mut head_order: Vec<usize> = (0..head.len()).collect();
    head_order.sort_by(|&a, &b| utf16_cmp(&head[a].id, &head[b].id));

    state.id_match(&base_order);
    if !renames.is_empty() {
        state.git_rename(&base_order, renames);
    }
    state.logic_fingerprint(&base_order, &head_order);
    state.name_signature(&base_order, &head_order);
    state.dropped_weak(&base_order, &head_order);

    Matching {
        pairs: state.pairs,
        unmatched_base: base_order
            .iter()
            .copied()
            .filter(|&b| state.base_free[b])
            .collect(),
        unmatched_head: head_order
            .iter()
            .copied()
            .filter(|&h| state.head_free[h])
            .collect(),
    }
}

struct State<'a> {
    base: &'a [Symbol],
    head: &'a [Symbol],
    base_free: Vec<bool>,
    head_free: Vec<bool>,
    pairs: Vec<Pair>,
}

/// A scored candidate pairing.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    score: f64,
    base: usize,
    head: usize,
}

impl State<'_> {
    fn pair(&mut self, base: usize, head: usize, rationale: Rationale) {
        self.base_free[base] = false;
        self.head_free[head] = false;
        self.pairs.push(Pair {
            base,
            head,
            rationale,
        });
    }

    /// Sorts by score (descending), base id, head id, and takes each candidate whose two
    /// Symbols are both still free. Returns how many were accepted.
    fn accept_in_score_order(
        &mut self,
        mut candidates: Vec<Candidate>,
        rationale: Rationale,
    ) -> usize {
        candidates.sort_by(|a, b| {
            b.score
                .partial_cmp(&a.score)
                .unwrap_or(Ordering::Equal)
                .then_with(|| utf16_cmp(&self.base[a.base].id, &self.base[b.base].id))
                .then_with(|| utf16_cmp(&self.head[a.head].id, &self.head[b.head].id))
        });
        let mut accepted = 0;
        for c in candidates {
            if self.base_free[c.base] && self.head_free[c.head] {
                self.pair(c.base, c.head, rationale);
                accepted += 1;
            }
        }
        accepted
    }

    fn id_match(&mut self, base_order: &[usize]) {
        let by_id: HashMap<&str, usize> = self
            .head
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), i))
            .collect();
        for &b in base_order {
            if let Some(&h) = by_id.get(self.base[b].id.as_str()) {
                self.pair(b, h, Rationale::IdMatch);
            }
        }
    }

    fn git_rename(&mut self, base_order: &[usize], renames: &BTreeMap<String, String>) {
        let by_id: HashMap<&str, usize> = self
            .head
            .iter()
            .enumerate()
            .filter(|(i, _)| self.head_free[*i])
            .map(|(i, s)| (s.id.as_str(), i))
            .collect();
        // head → lowest claimant base (base_order is ascending, so the first claim wins).
        let mut claims: BTreeMap<usize, usize> = BTreeMap::new();
        for &b in base_order {
            if !self.base_free[b] {
                continue;
            }
            let symbol = &self.base[b];
            let Some(new_file) = renames.get(&symbol.source.file) else {
                continue;
            };
            let Some(rewritten) = rewrite_file(&symbol.id, new_file) else {
                continue;
            };
            if let Some(&h) = by_id.get(rewritten.as_str()) {
                claims.entry(h).or_insert(b);
            }
        }
        let mut claims: Vec<(usize, usize)> = claims.into_iter().map(|(h, b)| (b, h)).collect();
        claims.sort_by(|a, b| utf16_cmp(&self.base[a.0].id, &self.base[b.0].id));
        for (b, h) in claims {
            self.pair(b, h, Rationale::GitRename);
        }
    }

    fn logic_fingerprint(&mut self, base_order: &[usize], head_order: &[usize]) {
        let eligible = |s: &Symbol| !s.dropped && s.fingerprint.logic != ZERO_FINGERPRINT;
        let mut bases: HashMap<&str, Vec<usize>> = HashMap::new();
        for &b in base_order {
            let s = &self.base[b];
            if self.base_free[b] && eligible(s) {
                bases
                    .entry(s.fingerprint.logic.as_str())
                    .or_default()
                    .push(b);
            }
        }
        // Head groups in head order: a group is visited at its first head.
        let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
        let mut group_of: HashMap<&str, usize> = HashMap::new();
        for &h in head_order {
            let s = &self.head[h];
            if !self.head_free[h] || !eligible(s) {
                continue;
            }
            let key = s.fingerprint.logic.as_str();
            match group_of.get(key) {
                Some(&g) => groups[g].1.push(h),
                None => {
                    group_of.insert(key, groups.len());
                    groups.push((key, vec![h]));
                }
            }
        }
        for (key, heads) in groups {
            let Some(group_bases) = bases.get(key) else {
                continue;
            };
            loop {
                let free_bases: Vec<usize> = group_bases
                    .iter()
                    .copied()
                    .filter(|&b| self.base_free[b])
                    .collect();
                let free_heads: Vec<usize> = heads
                    .iter()
                    .copied()
                    .filter(|&h| self.head_free[h])
                    .collect();
                if free_bases.is_empty() || free_heads.is_empty() {
                    break;
                }
                if let [b] = free_bases[..] {
                    // The lone base: the most similar name, ties to the lower head id.
                    let name = &self.base[b].name;
                    let mut best: Option<(f64, usize)> = None;
                    for &h in &free_heads {
                        let score = name_similarity(name, &self.head[h].name);
                        let better = match best {
                            None => true,
                            Some((s, current)) => {
                                score > s
                                    || (score == s
                                        && utf16_cmp(&self.head[h].id, &self.head[current].id)
                                            == Ordering::Less)
                            }
                        };
                        if better {
                            best = Some((score, h));
                        }
                    }
                    if let Some((_, h)) = best {
                        self.pair(b, h, Rationale::LogicFingerprint);
                    }
                    break;
                }
                let mut candidates = Vec::new();
                for &b in &free_bases {
                    for &h in &free_heads {
                        let score = name_similarity(&self.base[b].name, &self.head[h].name);
                        if score >= LOGIC_NAME_THRESHOLD {
                            candidates.push(Candidate {
                                score,
                                base: b,
                                head: h,
                            });
                        }
                    }
                }
                if self.accept_in_score_order(
                    candidates,
                    Rationale::LogicFingerprintNameDisambiguation,
                ) == 0
                {
                    break;
                }
            }
        }
    }

    fn name_signature(&mut self, base_order: &[usize], head_order: &[usize]) {
        let whole_tokens = |s: &Symbol| tokenize_name(&s.name).len();
        // bucket key → (bases, token → postings)
        struct Bucket {
            bases: Vec<usize>,
            postings: HashMap<String, Vec<usize>>,
        }
        let mut buckets: HashMap<String, Bucket> = HashMap::new();
        let mut member_tokens_base: HashMap<usize, Vec<String>> = HashMap::new();
        for &b in base_order {
            let s = &self.base[b];
            if !self.base_free[b] || s.dropped || whole_tokens(s) <= 1 {
                continue;
            }
            let key = bucket_key(s);
            let bucket = buckets.entry(key).or_insert_with(|| Bucket {
                bases: Vec::new(),
                postings: HashMap::new(),
            });
            bucket.bases.push(b);
            let tokens = tokenize_name(last_segment(&s.name));
            if tokens.is_empty() {
                bucket
                    .postings
                    .entry(" none".to_owned())
                    .or_default()
                    .push(b);
            }
            for t in &tokens {
                bucket.postings.entry(t.clone()).or_default().push(b);
            }
            member_tokens_base.insert(b, tokens);
        }
        let mut candidates = Vec::new();
        for &h in head_order {
            let s = &self.head[h];
            if !self.head_free[h] || s.dropped || s.signature.is_none() || whole_tokens(s) <= 1 {
                continue;
            }
            let Some(bucket) = buckets.get(&bucket_key(s)) else {
                continue;
            };
            let member = tokenize_name(last_segment(&s.name));
            let threshold = match member.len() {
                0 | 1 => 1.0,
                2 => 0.95,
                _ => 0.85,
            };
            let floor = 2.0 * (threshold - 0.5);
            let keys: Vec<&str> = if member.is_empty() {
                vec![" none"]
            } else {
                member.iter().map(String::as_str).collect()
            };
            let postings: Vec<&Vec<usize>> = keys
                .iter()
                .filter_map(|k| bucket.postings.get(*k))
                .collect();
            let pool = candidate_pool(&bucket.bases, &postings);
            let owner = owner_of(&s.name);
            for b in pool {
                let base = &self.base[b];
                let member_score = jaccard(&member_tokens_base[&b], &member);
                if member_score < floor {
                    continue;
                }
                if !owners_compatible(owner_of(&base.name), owner) {
                    continue;
                }
                let score = 0.5 * member_score
                    + 0.3 * signature_similarity(base.signature.as_ref(), s.signature.as_ref())
                    + 0.2 * 1.0;
                if score >= threshold {
                    candidates.push(Candidate {
                        score,
                        base: b,
                        head: h,
                    });
                }
            }
        }
        self.accept_in_score_order(candidates, Rationale::NameSignature);
    }

    fn dropped_weak(&mut self, base_order: &[usize], head_order: &[usize]) {
        let keys = |s: &Symbol| {
            let kind = s.kind.as_str();
            let file = s.source.file.rsplit('/').next().unwrap_or(&s.source.file);
            [
                format!("name:{kind}/{}", last_segment(&s.name)),
                format!("file:{kind}/{file}"),
            ]
        };
        let mut base_keys: HashMap<String, Vec<usize>> = HashMap::new();
        for &b in base_order {
            if self.base_free[b] && self.base[b].dropped {
                for k in keys(&self.base[b]) {
                    base_keys.entry(k).or_default().push(b);
                }
            }
        }
        let mut head_keys: HashMap<String, Vec<usize>> = HashMap::new();
        for &h in head_order {
            if self.head_free[h] && self.head[h].dropped {
                for k in keys(&self.head[h]) {
                    head_keys.entry(k).or_default().push(h);
                }
            }
        }
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (k, bs) in &base_keys {
            if let (1, Some(hs)) = (bs.len(), head_keys.get(k))
                && hs.len() == 1
            {
                edges.push((bs[0], hs[0]));
            }
        }
        edges.sort_by(|a, b| {
            utf16_cmp(&self.base[a.0].id, &self.base[b.0].id)
                .then_with(|| utf16_cmp(&self.head[a.1].id, &self.head[b.1].id))
        });
        edges.dedup();
        for (b, h) in maximum_path_matching(&edges) {
            self.pair(b, h, Rationale::DroppedWeakMatch);
        }
    }
}

/// Stage 4's candidates for one head: the bases in the postings of its member tokens, each
/// once in the order first met; when the postings add up to at least the bucket's size,
/// every base of the bucket (reading them all costs no more than the postings). A base
/// sharing no member token with the head scores a member similarity of 0, under every floor,
/// so the two pools give the same pairs.
fn candidate_pool(bucket_bases: &[usize], postings: &[&Vec<usize>]) -> Vec<usize> {
    let total: usize = postings.iter().map(|p| p.len()).sum();
    if total >= bucket_bases.len() {
        return bucket_bases.to_vec();
    }
    let mut seen = HashSet::new();
    postings
        .iter()
        .flat_map(|p| p.iter().copied())
        .filter(|b| seen.insert(*b))
        .collect()
}

fn bucket_key(s: &Symbol) -> String {
    format!(
        "{}::{}",
        s.kind.as_str(),
        if s.signature.is_some() {
            "has-sig"
        } else {
            "no-sig"
        }
    )
}

/// `lang:file#qname` with `file` replaced.
pub fn rewrite_file(id: &str, new_file: &str) -> Option<String> {
    let colon = id.find(':')?;
    let hash = id.find('#')?;
    (colon < hash).then(|| format!("{}{}{}", &id[..=colon], new_file, &id[hash..]))
}

/// A maximum matching of a bipartite graph where no node has more than two edges (so it is
/// made of paths and cycles): paths are walked from an end first, then cycles, each taking
/// and skipping edges in turn. `edges` are sorted; the walk starts in that order.
fn maximum_path_matching(edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    // Nodes: bases as (0, i), heads as (1, i).
    let mut adjacency: HashMap<(u8, usize), Vec<usize>> = HashMap::new();
    for (e, &(b, h)) in edges.iter().enumerate() {
        adjacency.entry((0, b)).or_default().push(e);
        adjacency.entry((1, h)).or_default().push(e);
    }
    let mut used = vec![false; edges.len()];
    let mut taken = Vec::new();
    let other = |e: usize, node: (u8, usize)| -> (u8, usize) {
        let (b, h) = edges[e];
        if node == (0, b) { (1, h) } else { (0, b) }
    };
    let mut walk = |start: (u8, usize), first: usize, used: &mut Vec<bool>| {
        let mut node = start;
        let mut edge = Some(first);
        let mut take = true;
        while let Some(e) = edge {
            if used[e] {
                break;
            }
            used[e] = true;
            if take {
                taken.push(edges[e]);
            }
            take = !take;
            node = other(e, node);
            edge = adjacency[&node].iter().copied().find(|&n| !used[n]);
        }
    };
    // Path ends first, in edge order.
    for e in 0..edges.len() {
        if used[e] {
            continue;
        }
        let (b, h) = edges[e];
        if adjacency[&(0, b)].len() <= 1 {
            walk((0, b), e, &mut used);
        } else if adjacency[&(1, h)].len() <= 1 {
            walk((1, h), e, &mut used);
        }
    }
    // Then cycles.
    for e in 0..edges.len() {
        if !used[e] {
            walk((0, edges[e].0), e, &mut used);
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_rewrite_keeps_language_and_name() {
        assert_eq!(
            rewrite_file("ts:src/a.ts#A.b", "lib/a.ts").as_deref(),
            Some("ts:lib/a.ts#A.b")
        );
        assert_eq!(rewrite_file("nonsense", "x"), None);
    }

    #[test]
    fn postings_adding_up_to_the_bucket_size_make_every_base_a_candidate() {
        let bucket = [4, 7, 9];
        // 1 + 2 = 3 postings for a bucket of 3: all three, 9 included though it shares no
        // token.
        assert_eq!(
            candidate_pool(&bucket, &[&vec![4], &vec![4, 7]]),
            vec![4, 7, 9]
        );
        // 2 postings for 3 bases: the postings' bases, each once, in the order met.
        assert_eq!(candidate_pool(&bucket, &[&vec![7], &vec![4]]), vec![7, 4]);
        assert_eq!(candidate_pool(&bucket, &[&vec![7], &vec![7]]), vec![7]);
        assert_eq!(candidate_pool(&bucket, &[]), Vec::<usize>::new());
    }

    #[test]
    fn path_matching_takes_alternate_edges_from_an_end() {
        // b0-h0-b1-h1 path: (0,0), (1,0), (1,1) → take (0,0) and (1,1).
        assert_eq!(
            maximum_path_matching(&[(0, 0), (1, 0), (1, 1)]),
            vec![(0, 0), (1, 1)]
        );
        // A 4-cycle b0-h0-b1-h1-b0: two edges.
        let taken = maximum_path_matching(&[(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert_eq!(taken.len(), 2);
    }
}
