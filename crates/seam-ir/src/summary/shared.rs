//! Values that many summaries repeat, held once.
//!
//! The transitions of one unit repeat the effects on their paths, and a helper's effects come
//! back in every unit that calls it: on the generated 6,000-file corpus 147 k of 192 k effects
//! are equal to one met before. A transition holds its effects as `Arc`s
//! ([`crate::summary::Transition::effects`]) so that equal ones can be one value; a
//! [`Sharing`] is what makes them one while summaries are read back. Reading a summary alone
//! (from a file, from JSON) gives each effect its own `Arc`, which is the same value.
//!
//! Equal means equal by `PartialEq`; the hash that finds candidates is taken over a value's
//! compact JSON, so two values equal as data land in the same place.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Independent tables, so that the threads reading summaries back rarely wait for each other.
const SHARDS: usize = 16;

/// Every distinct value seen so far, by the hash of its JSON text (see the module's comment).
pub struct Sharing<T> {
    shards: Vec<Mutex<Shard<T>>>,
}

type Shard<T> = HashMap<u64, Vec<Arc<T>>, BuildHasherDefault<Unhashed>>;

impl<T: Serialize + PartialEq> Default for Sharing<T> {
    fn default() -> Self {
        Sharing {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
        }
    }
}

impl<T: Serialize + PartialEq> Sharing<T> {
    /// Makes `value` the value an earlier call kept when one is equal to it (dropping this
    /// copy), and keeps it for later calls otherwise.
    pub fn share(&self, value: &mut Arc<T>) {
        let hash = hash_of(&**value);
        let shard = &self.shards[(hash as usize) % SHARDS];
        let mut shard = shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let same = shard.entry(hash).or_default();
        match same.iter().find(|kept| ***kept == **value) {
            Some(kept) => *value = Arc::clone(kept),
            None => same.push(Arc::clone(value)),
        }
    }

    /// How many distinct values have been kept.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| {
                s.lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .values()
                    .map(Vec::len)
                    .sum::<usize>()
            })
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The hash of `value`'s compact JSON, taken without writing the text anywhere. A value that
/// cannot be written (none of the summary types) hashes as what was written of it: candidates
/// are compared whole in any case.
fn hash_of<T: Serialize>(value: &T) -> u64 {
    let mut writer = HashWriter(rustc_hash::FxHasher::default());
    let _ = serde_json::to_writer(&mut writer, value);
    writer.0.finish()
}

struct HashWriter(rustc_hash::FxHasher);

impl io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The shard tables' keys are hashes already.
#[derive(Default)]
struct Unhashed(u64);

impl Hasher for Unhashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Serde for a list of shared values: written and read as the list of the values themselves.
#[allow(clippy::ptr_arg)] // serde passes the field as it is
pub(crate) fn serialize_list<T: Serialize, S: Serializer>(
    list: &Vec<Arc<T>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(list.iter().map(|value| &**value))
}

/// See [`serialize_list`].
pub(crate) fn deserialize_list<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Arc<T>>, D::Error> {
    Ok(Vec::<T>::deserialize(deserializer)?
        .into_iter()
        .map(Arc::new)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn equal_values_become_one() {
        let sharing = Sharing::<serde_json::Value>::default();
        let mut a = Arc::new(json!({"callee": "db.save", "args": [1, 2]}));
        let mut b = Arc::new(json!({"callee": "db.save", "args": [1, 2]}));
        let mut c = Arc::new(json!({"callee": "db.save", "args": [2, 1]}));
        sharing.share(&mut a);
        sharing.share(&mut b);
        sharing.share(&mut c);
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(*c, json!({"callee": "db.save", "args": [2, 1]}));
        assert_eq!(sharing.len(), 2);
    }

    #[test]
    fn values_in_the_same_place_stay_apart_when_unequal() {
        // Every value hashes alike here: only `PartialEq` decides.
        #[derive(Serialize, PartialEq, Debug)]
        struct Odd(#[serde(skip)] u32);
        let sharing = Sharing::<Odd>::default();
        let mut values: Vec<Arc<Odd>> = [1, 2, 1, 3, 2].map(|n| Arc::new(Odd(n))).into();
        for v in &mut values {
            sharing.share(v);
        }
        assert!(Arc::ptr_eq(&values[0], &values[2]));
        assert!(Arc::ptr_eq(&values[1], &values[4]));
        assert!(!Arc::ptr_eq(&values[0], &values[1]));
        assert_eq!(values[3].0, 3);
        assert_eq!(sharing.len(), 3);
    }

    #[test]
    fn a_shared_list_reads_and_writes_as_a_plain_list() {
        #[derive(Serialize, Deserialize)]
        struct Holder {
            #[serde(
                serialize_with = "serialize_list",
                deserialize_with = "deserialize_list"
            )]
            items: Vec<Arc<String>>,
        }
        let text = r#"{"items":["a","b","a"]}"#;
        let holder: Holder = serde_json::from_str(text).expect("reads");
        assert_eq!(holder.items.len(), 3);
        assert_eq!(serde_json::to_string(&holder).expect("writes"), text);
    }
}
