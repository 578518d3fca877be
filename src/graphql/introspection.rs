//! What introspection costs: how many values each of its lists returns in
//! this schema, on average over the schema's types, so that the document
//! limits can estimate an answer before it is built. `types { fields }` is
//! then exactly the number of fields of the schema, and a document that
//! repeats `__schema` or nests `fields { type { fields { ... } } }` is
//! measured by the answer it would make.

use async_graphql::parser::types::{ServiceDocument, TypeKind, TypeSystemDefinition};

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

/// The values of each introspection list, summed over the schema.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Totals {
    types: u64,
    directives: u64,
    fields: u64,
    input_fields: u64,
    enum_values: u64,
    interfaces: u64,
    possible_types: u64,
    args: u64,
    /// Fields and directives that have an `args` list.
    with_args: u64,
}

impl Totals {
    fn of(document: &ServiceDocument) -> Self {
        let mut totals = Totals { types: UNPRINTED_TYPES, ..Totals::default() };
        for definition in &document.definitions {
            match definition {
                TypeSystemDefinition::Type(ty) => {
                    totals.types += 1;
                    totals.add_kind(&ty.node.kind);
                }
                TypeSystemDefinition::Directive(directive) => {
                    totals.directives += 1;
                    totals.args += directive.node.arguments.len() as u64;
                    totals.with_args += 1;
                }
                TypeSystemDefinition::Schema(_) => {}
            }
        }
        totals
    }

    fn add_kind(&mut self, kind: &TypeKind) {
        match kind {
            TypeKind::Object(object) => {
                self.fields += object.fields.len() as u64;
                self.interfaces += object.implements.len() as u64;
                self.args += object.fields.iter().map(|f| f.node.arguments.len() as u64).sum::<u64>();
                self.with_args += object.fields.len() as u64;
            }
            TypeKind::Interface(interface) => {
                self.fields += interface.fields.len() as u64;
                self.interfaces += interface.implements.len() as u64;
            }
            TypeKind::Union(union) => self.possible_types += union.members.len() as u64,
            TypeKind::Enum(enumeration) => self.enum_values += enumeration.values.len() as u64,
            TypeKind::InputObject(input) => self.input_fields += input.fields.len() as u64,
            TypeKind::Scalar => {}
        }
    }
}

impl IntrospectionSizes {
    /// Counts the lists of the schema `sdl` prints.
    pub fn of_sdl(sdl: &str) -> Self {
        let Ok(document) = async_graphql::parser::parse_schema(sdl) else { return Self::default() };
        Self::of_totals(Totals::of(&document))
    }

    fn of_totals(totals: Totals) -> Self {
        let types = totals.types;
        Self {
            types,
            // The SDL prints some of the built-in directives.
            directives: totals.directives.max(BUILT_IN_DIRECTIVES),
            fields: average(totals.fields, types),
            input_fields: average(totals.input_fields, types),
            enum_values: average(totals.enum_values, types),
            interfaces: average(totals.interfaces, types),
            possible_types: average(totals.possible_types, types),
            args: average(totals.args, totals.with_args),
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
    fn every_list_is_summed_over_the_sdl() {
        let sdl = "type Query { a(x: Int, y: Int): Int b: [Thing] c(z: Int): Int }\n\
                   type Thing implements Named & Base { name: String id: ID }\n\
                   interface Named implements Base { name: String id: ID }\n\
                   interface Base { id: ID }\n\
                   union Either = Query | Thing\n\
                   union Only = Thing\n\
                   enum Color { RED GREEN BLUE }\n\
                   input Filter { a: Int b: Int }\n\
                   directive @tag(name: String, at: Int) on FIELD_DEFINITION\n\
                   directive @plain on FIELD_DEFINITION";
        let document = async_graphql::parser::parse_schema(sdl).expect("parses");
        let totals = Totals::of(&document);
        assert_eq!(
            totals,
            Totals {
                types: 8 + UNPRINTED_TYPES,
                directives: 2,
                fields: 3 + 2 + 2 + 1,
                input_fields: 2,
                enum_values: 3,
                interfaces: 2 + 1,
                possible_types: 2 + 1,
                args: 3 + 2,
                with_args: 3 + 2 + 2,
            }
        );
    }

    #[test]
    fn averages_are_per_type_rounded_up() {
        let totals = Totals {
            types: 10,
            directives: 7,
            fields: 31,
            input_fields: 11,
            enum_values: 20,
            interfaces: 41,
            possible_types: 5,
            args: 9,
            with_args: 4,
        };
        let sizes = IntrospectionSizes::of_totals(totals);
        assert_eq!(
            sizes,
            IntrospectionSizes {
                types: 10,
                directives: 7,
                fields: 4,
                input_fields: 2,
                enum_values: 2,
                interfaces: 5,
                possible_types: 1,
                args: 3,
            }
        );
        // Fewer directives than the built-in ones: those are still there.
        assert_eq!(IntrospectionSizes::of_totals(Totals { directives: 1, ..totals }).directives, BUILT_IN_DIRECTIVES);
        assert_eq!(IntrospectionSizes::of_totals(Totals { types: 0, ..totals }).fields, 31);
    }

    #[test]
    fn each_list_field_is_sized_by_its_own_count() {
        let sizes = IntrospectionSizes {
            types: 2,
            directives: 3,
            fields: 4,
            input_fields: 5,
            enum_values: 6,
            interfaces: 7,
            possible_types: 8,
            args: 9,
        };
        let named = [
            ("types", 2),
            ("directives", 3),
            ("fields", 4),
            ("inputFields", 5),
            ("enumValues", 6),
            ("interfaces", 7),
            ("possibleTypes", 8),
            ("args", 9),
            ("locations", 4),
            ("name", 1),
            ("ofType", 1),
        ];
        for (name, expected) in named {
            assert_eq!(sizes.per_parent(name), expected, "{name}");
        }
    }

    #[test]
    fn an_sdl_that_does_not_parse_is_sized_as_a_schema_like_this_one() {
        assert_eq!(IntrospectionSizes::of_sdl("type {"), IntrospectionSizes::default());
        let sizes = IntrospectionSizes::of_sdl("type Query { a: Int }");
        assert_eq!((sizes.types, sizes.fields, sizes.args), (14, 1, 1));
    }
}
