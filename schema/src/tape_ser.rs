//! serde -> [`Tape`]: the document `serde_json::to_value` would build, as tape nodes.
//!
//! Each form maps as `serde_json`'s value serializer maps it (a unit variant is its name, a
//! newtype variant `{name: value}`, bytes an array of numbers, a float that is not finite
//! `null`, map keys strings), so validating the tape is validating what `serde_json` writes.

use std::fmt;

use serde::ser::{self, Serialize};
use serde_json::Number;

use crate::tape::{Entry, Tape};

/// Why a value could not be put on a tape (the same cases `serde_json` refuses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TapeError(String);

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TapeError {}

impl ser::Error for TapeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TapeError(msg.to_string())
    }
}

impl Tape {
    /// Replaces the tape's document with `value`, serialized.
    pub fn fill<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TapeError> {
        self.clear();
        value.serialize(&mut *self)
    }

    fn number(&mut self, n: Number) -> Result<(), TapeError> {
        self.push(Entry::Number(n));
        Ok(())
    }

    fn string(&mut self, s: &str) -> Result<(), TapeError> {
        let text = self.text(s);
        self.push(Entry::String(text));
        Ok(())
    }

    fn key(&mut self, s: &str) {
        let text = self.text(s);
        self.push(Entry::Key(text));
    }

    fn open_array(&mut self) -> usize {
        self.push(Entry::Array { len: 0, end: 0 })
    }

    fn open_object(&mut self) -> usize {
        self.push(Entry::Object { len: 0, end: 0 })
    }

    /// `{variant: ...}`: the outer object and its one key; the caller writes the value.
    fn open_variant(&mut self, variant: &str) -> usize {
        let outer = self.open_object();
        self.key(variant);
        outer
    }
}

/// An array or object being written, and the one-member object around it for an enum
/// variant's contents.
pub struct Compound<'a> {
    tape: &'a mut Tape,
    header: usize,
    count: usize,
    variant: Option<usize>,
}

impl<'a> Compound<'a> {
    fn new(tape: &'a mut Tape, header: usize, variant: Option<usize>) -> Self {
        Compound {
            tape,
            header,
            count: 0,
            variant,
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TapeError> {
        self.count += 1;
        value.serialize(&mut *self.tape)
    }

    fn member<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        self.count += 1;
        self.tape.push(Entry::Name(key));
        value.serialize(&mut *self.tape)
    }

    fn finish(self) -> Result<(), TapeError> {
        self.tape.close(self.header, self.count);
        if let Some(outer) = self.variant {
            self.tape.close(outer, 1);
        }
        Ok(())
    }
}

fn out_of_range() -> TapeError {
    TapeError("number out of range".into())
}

impl<'a> ser::Serializer for &'a mut Tape {
    type Ok = ();
    type Error = TapeError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), TapeError> {
        self.push(Entry::Bool(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), TapeError> {
        self.number(i64::from(v).into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), TapeError> {
        self.number(i64::from(v).into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), TapeError> {
        self.number(i64::from(v).into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), TapeError> {
        self.number(v.into())
    }
    fn serialize_i128(self, v: i128) -> Result<(), TapeError> {
        match (u64::try_from(v), i64::try_from(v)) {
            (Ok(u), _) => self.number(u.into()),
            (_, Ok(i)) => self.number(i.into()),
            _ => Err(out_of_range()),
        }
    }
    fn serialize_u8(self, v: u8) -> Result<(), TapeError> {
        self.number(u64::from(v).into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), TapeError> {
        self.number(u64::from(v).into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), TapeError> {
        self.number(u64::from(v).into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), TapeError> {
        self.number(v.into())
    }
    fn serialize_u128(self, v: u128) -> Result<(), TapeError> {
        u64::try_from(v)
            .map_err(|_| out_of_range())
            .and_then(|u| self.number(u.into()))
    }
    fn serialize_f32(self, v: f32) -> Result<(), TapeError> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), TapeError> {
        match Number::from_f64(v) {
            Some(n) => self.number(n),
            None => self.serialize_unit(),
        }
    }
    fn serialize_char(self, v: char) -> Result<(), TapeError> {
        self.string(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), TapeError> {
        self.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), TapeError> {
        let header = self.open_array();
        for b in v {
            self.push(Entry::Number(u64::from(*b).into()));
        }
        self.close(header, v.len());
        Ok(())
    }
    fn serialize_none(self) -> Result<(), TapeError> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), TapeError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), TapeError> {
        self.push(Entry::Null);
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), TapeError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), TapeError> {
        self.string(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        let outer = self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.close(outer, 1);
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, TapeError> {
        let header = self.open_array();
        Ok(Compound::new(self, header, None))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, TapeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, TapeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, TapeError> {
        let outer = self.open_variant(variant);
        let header = self.open_array();
        Ok(Compound::new(self, header, Some(outer)))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, TapeError> {
        let header = self.open_object();
        Ok(Compound::new(self, header, None))
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, TapeError> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, TapeError> {
        let outer = self.open_variant(variant);
        let header = self.open_object();
        Ok(Compound::new(self, header, Some(outer)))
    }
}

/// The sequence-like serializers: each element is one more child of the open node.
macro_rules! sequence_like {
    ($($serializer:ident :: $method:ident),* $(,)?) => {$(
        impl ser::$serializer for Compound<'_> {
            type Ok = ();
            type Error = TapeError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TapeError> {
                self.element(value)
            }
            fn end(self) -> Result<(), TapeError> {
                self.finish()
            }
        }
    )*};
}

sequence_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = TapeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), TapeError> {
        self.count += 1;
        key.serialize(KeySerializer(&mut *self.tape))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TapeError> {
        value.serialize(&mut *self.tape)
    }
    fn end(self) -> Result<(), TapeError> {
        self.finish()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        self.member(key, value)
    }
    fn end(self) -> Result<(), TapeError> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = TapeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        self.member(key, value)
    }
    fn end(self) -> Result<(), TapeError> {
        self.finish()
    }
}

/// A map key: JSON names are strings, so strings, characters, booleans, integers and unit
/// variants are written as their text (as `serde_json` does) and anything else is refused.
struct KeySerializer<'a>(&'a mut Tape);

fn key_must_be_a_string() -> TapeError {
    TapeError("key must be a string".into())
}

impl KeySerializer<'_> {
    fn text(self, s: &str) -> Result<(), TapeError> {
        self.0.key(s);
        Ok(())
    }
}

impl ser::Serializer for KeySerializer<'_> {
    type Ok = ();
    type Error = TapeError;
    type SerializeSeq = ser::Impossible<(), TapeError>;
    type SerializeTuple = ser::Impossible<(), TapeError>;
    type SerializeTupleStruct = ser::Impossible<(), TapeError>;
    type SerializeTupleVariant = ser::Impossible<(), TapeError>;
    type SerializeMap = ser::Impossible<(), TapeError>;
    type SerializeStruct = ser::Impossible<(), TapeError>;
    type SerializeStructVariant = ser::Impossible<(), TapeError>;

    fn serialize_bool(self, v: bool) -> Result<(), TapeError> {
        self.text(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<(), TapeError> {
        self.text(&v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_char(self, v: char) -> Result<(), TapeError> {
        self.text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), TapeError> {
        self.text(v)
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), TapeError> {
        self.text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), TapeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, TapeError> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, TapeError> {
        Err(key_must_be_a_string())
    }
}
