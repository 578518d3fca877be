//! What introspection costs: how many values each of its lists returns in
//! this schema, on average over the schema's types, so that the document
//! limits can estimate an answer before it is built. `types { fields }` is
//! then exactly the number of fields of the schema, and a document that
//! repeats `__schema` or nests `fields { type { fields { ... } } }` is
//! measured by the answer it would make.

use async_graphql::parser::types::{TypeKind, TypeSystemDefinition};

/// The types every schema has but its SDL does not print: `__Schema`,
/// `__Type`, `__TypeKind`, `__Field`, `__InputValue`, `__EnumValue`,
/// `__Directive`, `__DirectiveLocation`, and the five built-in scalars.
const UNPRINTED_TYPES: u64 = 13;
/// The built-in directives (`include`, `skip`, `deprecated`, `specifiedBy`,
/// `oneOf`).
const BUILT_IN_DIRECTIVES: u64 = 5;

/// Values per introspection list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntrospectionSizes {
    types: u64,
    directives: u64,
    /// Per type, on average over all types.
    fields: u64,
    input_fields: u64,
    enum_values: u64,
    interfaces: u64,
    possible_types: u64,
    /// Per field or directive, on average.
    args: u64,
}

impl Default for IntrospectionSizes {
    /// A schema of about this one's size, for documents measured without
    /// one at hand.
    fn default() -> Self {
        Self {
            types: 120,
            directives: BUILT_IN_DIRECTIVES,
            fields: 4,
            input_fields: 2,
            enum_values: 2,
            interfaces: 1,
            possible_types: 1,
            args: 1,
        }
    }
}

/// `total / count`, rounded up, at least 1.
fn average(total: u64, count: u64) -> u64 {
    total.div_ceil(count.max(1)).max(1)
}

impl IntrospectionSizes {
    /// Counts the lists of the schema `sdl` prints.
    pub fn of_sdl(sdl: &str) -> Self {
        let Ok(document) = async_graphql::parser::parse_schema(sdl) else { return Self::default() };
        let (mut types, mut directives) = (UNPRINTED_TYPES, 0u64);
        let (mut fields, mut inputs, mut values, mut interfaces, mut members, mut args, mut with_args) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for definition in &document.definitions {
            match definition {
                TypeSystemDefinition::Type(ty) => {
                    types += 1;
                    match &ty.node.kind {
                        TypeKind::Object(object) => {
                            fields += object.fields.len() as u64;
                            interfaces += object.implements.len() as u64;
                            args += object.fields.iter().map(|f| f.node.arguments.len() as u64).sum::<u64>();
                            with_args += object.fields.len() as u64;
                        }
                        TypeKind::Interface(interface) => {
                            fields += interface.fields.len() as u64;
                            interfaces += interface.implements.len() as u64;
                        }
                        TypeKind::Union(union) => members += union.members.len() as u64,
                        TypeKind::Enum(enumeration) => values += enumeration.values.len() as u64,
                        TypeKind::InputObject(input) => inputs += input.fields.len() as u64,
                        TypeKind::Scalar => {}
                    }
                }
                TypeSystemDefinition::Directive(directive) => {
                    directives += 1;
                    args += directive.node.arguments.len() as u64;
                    with_args += 1;
                }
                TypeSystemDefinition::Schema(_) => {}
            }
        }
        Self {
            types,
            // The SDL prints some of the built-in directives.
            directives: directives.max(BUILT_IN_DIRECTIVES),
            fields: average(fields, types),
            input_fields: average(inputs, types),
            enum_values: average(values, types),
            interfaces: average(interfaces, types),
            possible_types: average(members, types),
            args: average(args, with_args),
        }
    }

    /// How many values the introspection field `name` returns for each
    /// parent value: 1 for a field that is not a list.
    pub fn per_parent(&self, name: &str) -> u64 {
        match name {
            "types" => self.types,
            "directives" => self.directives,
            "fields" => self.fields,
            "inputFields" => self.input_fields,
            "enumValues" => self.enum_values,
            "interfaces" => self.interfaces,
            "possibleTypes" => self.possible_types,
            "args" => self.args,
            // A directive's locations: a handful each.
            "locations" => 4,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_counted_from_the_sdl() {
        let sdl = "type Query { a(x: Int, y: Int): Int b: [Thing] }\n\
                   type Thing implements Named { name: String }\n\
                   interface Named { name: String }\n\
                   enum Color { RED GREEN BLUE }\n\
                   input Filter { a: Int b: Int }\n\
                   directive @tag(name: String) on FIELD_DEFINITION";
        let sizes = IntrospectionSizes::of_sdl(sdl);
        assert_eq!(sizes.types, 5 + UNPRINTED_TYPES);
        assert_eq!(sizes.directives, BUILT_IN_DIRECTIVES);
        // 4 fields over 18 types, 3 arguments over 4 fields and directives.
        assert_eq!((sizes.fields, sizes.args), (1, 1));
        assert_eq!(sizes.per_parent("types"), 18);
        assert_eq!(sizes.per_parent("name"), 1);
    }
}
