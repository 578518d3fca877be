//! The schema's types as tool documents need them: the fields of each
//! output type (to know what a reply's values are), the fields of each
//! input type and the values of each enum (to describe and check a tool's
//! arguments), with their descriptions. Read once from the schema's own SDL.

use std::collections::HashMap;

use async_graphql::parser::types::{BaseType, Type, TypeKind, TypeSystemDefinition};

/// A named type's kind, as far as shaping and arguments care.
#[derive(Debug, Clone)]
pub enum Named {
    /// An object or interface: its fields' types by name.
    Output {
        fields: HashMap<String, FieldType>,
    },
    Input {
        fields: Vec<InputField>,
    },
    Enum {
        values: Vec<String>,
    },
    Scalar,
}

/// A field's type: the named type under any list and non-null wrappers,
/// and the field's arguments.
#[derive(Debug, Clone)]
pub struct FieldType {
    pub named: String,
    pub list: bool,
    /// The field's arguments and their descriptions.
    pub arguments: Vec<InputField>,
}

#[derive(Debug, Clone)]
pub struct InputField {
    pub name: String,
    pub description: Option<String>,
    pub ty: Type,
    pub has_default: bool,
}

/// Every named type of the schema.
pub struct Types {
    types: HashMap<String, Named>,
    pub query: String,
    pub mutation: String,
}

/// The named type under the wrappers of `ty`, and whether a list is among them.
pub fn unwrap(ty: &Type) -> (&str, bool) {
    match &ty.base {
        BaseType::Named(name) => (name.as_str(), false),
        BaseType::List(inner) => (unwrap(inner).0, true),
    }
}

impl Types {
    /// Reads the SDL the schema prints; `None` if it does not parse, which
    /// would be a bug of this server.
    pub fn from_sdl(sdl: &str) -> Option<Self> {
        let document = async_graphql::parser::parse_schema(sdl).ok()?;
        let mut types = HashMap::new();
        let input_field = |value: &async_graphql::parser::types::InputValueDefinition| InputField {
            name: value.name.node.to_string(),
            description: value.description.as_ref().map(|d| d.node.clone()),
            ty: value.ty.node.clone(),
            has_default: value.default_value.is_some(),
        };
        for definition in document.definitions {
            let TypeSystemDefinition::Type(definition) = definition else { continue };
            let definition = definition.node;
            let named = match definition.kind {
                TypeKind::Object(object) => Named::Output { fields: output_fields(&object.fields, &input_field) },
                TypeKind::Interface(interface) => {
                    Named::Output { fields: output_fields(&interface.fields, &input_field) }
                }
                TypeKind::InputObject(input) => {
                    Named::Input { fields: input.fields.iter().map(|f| input_field(&f.node)).collect() }
                }
                TypeKind::Enum(enumeration) => {
                    Named::Enum { values: enumeration.values.iter().map(|v| v.node.value.node.to_string()).collect() }
                }
                TypeKind::Scalar | TypeKind::Union(_) => Named::Scalar,
            };
            types.insert(definition.name.node.to_string(), named);
        }
        Some(Self { types, query: "Query".into(), mutation: "Mutation".into() })
    }

    pub fn get(&self, name: &str) -> Option<&Named> {
        self.types.get(name)
    }

    /// The type of `field` on the output type `on`.
    pub fn field(&self, on: &str, field: &str) -> Option<&FieldType> {
        match self.types.get(on) {
            Some(Named::Output { fields }) => fields.get(field),
            _ => None,
        }
    }
}

fn output_fields(
    fields: &[async_graphql::Positioned<async_graphql::parser::types::FieldDefinition>],
    input_field: &dyn Fn(&async_graphql::parser::types::InputValueDefinition) -> InputField,
) -> HashMap<String, FieldType> {
    fields
        .iter()
        .map(|field| {
            let field = &field.node;
            let (named, list) = unwrap(&field.ty.node);
            let arguments = field.arguments.iter().map(|a| input_field(&a.node)).collect();
            (field.name.node.to_string(), FieldType { named: named.to_owned(), list, arguments })
        })
        .collect()
}
