//! Command arguments come as JSON objects only. serde's derived `Deserialize` also reads a
//! struct from an array, field by field in order (`[1, [[4, 3, "C"]]]` for `play`), which
//! skips `deny_unknown_fields` and every field name: these helpers accept an object and
//! nothing else, for the arguments themselves ([`crate::App::call`]) and for the structs
//! nested in them (`#[serde(deserialize_with = "…")]`).
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// A `T` read from a JSON object only.
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(ObjectVisitor(PhantomData)).map(Object)
    }
}

/// `Vec<T>` whose every element is a JSON object.
pub fn objects<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct ListVisitor<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for ListVisitor<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of JSON objects")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
            while let Some(Object(t)) = seq.next_element::<Object<T>>()? {
                out.push(t);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(ListVisitor(PhantomData))
}

/// `Option<T>`: absent or `null`, or a JSON object.
pub fn optional_object<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Object<T>>::deserialize(d)?.map(|Object(t)| t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Point {
        x: u8,
        y: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Shape {
        #[serde(deserialize_with = "objects")]
        points: Vec<Point>,
        #[serde(default, deserialize_with = "optional_object")]
        centre: Option<Point>,
    }

    #[test]
    fn objects_are_read_and_arrays_are_refused() {
        let ok: Shape = serde_json::from_value(
            json!({"points": [{"x": 1, "y": 2}], "centre": {"x": 0, "y": 0}}),
        )
        .unwrap();
        assert_eq!(ok.points, [Point { x: 1, y: 2 }]);
        assert_eq!(ok.centre, Some(Point { x: 0, y: 0 }));
        let none: Shape = serde_json::from_value(json!({"points": [], "centre": null})).unwrap();
        assert_eq!(none.centre, None);
        // What derive alone accepts: structs read positionally from arrays.
        assert!(serde_json::from_value::<Point>(json!([1, 2])).is_ok());
        for bad in [
            json!({"points": [[1, 2]]}),
            json!({"points": [], "centre": [0, 0]}),
            json!({"points": [{"x": 1, "y": 2, "z": 3}]}),
        ] {
            let err = serde_json::from_value::<Shape>(bad.clone()).unwrap_err();
            assert!(
                err.to_string().contains("JSON object") || err.to_string().contains("unknown"),
                "{bad}: {err}"
            );
        }
    }
}
