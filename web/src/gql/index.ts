export * from "./fragment-masking";
export * from "./gql";