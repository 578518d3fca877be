//! API tokens: the caller's own, listed, created and revoked.

use async_graphql::{Context, ID, Object};

use crate::store::tokens;

use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::{ErrorCode, GqlResult};
use crate::graphql::token::{ApiToken, CreatedApiToken};
use crate::graphql::{ids, store, viewer};

/// The caller's tokens.
#[derive(Default)]
pub struct TokensQuery;

#[Object]
impl TokensQuery {
    /// The caller's own API tokens, newest first (a scoped token sees the
    /// tokens of its scope). Their text is never shown again.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn api_tokens(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<ApiToken>> {
        let page = tokens::page(store(ctx), viewer(ctx)?, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::ApiTokens, ApiToken))
    }

    /// The token this request came with: its scope, and whether it may write
    /// (a front end hides its edit controls for a read-only token).
    async fn viewer_token(&self, ctx: &Context<'_>) -> async_graphql::Result<ApiToken> {
        let viewer = viewer(ctx)?;
        let mut token = tokens::current(store(ctx), viewer).await.gql()?;
        // An OAuth access token without the write scope cannot write
        // through its token row either.
        token.read_only |= viewer.read_only;
        Ok(ApiToken(token))
    }
}

/// Tokens the caller creates and revokes.
#[derive(Default)]
pub struct TokensMutation;

#[Object]
impl TokensMutation {
    /// Creates an API token for the caller; its text is in the answer once.
    /// A scoped token creates only tokens of its own scope.
    async fn create_api_token(
        &self,
        ctx: &Context<'_>,
        name: String,
        #[graphql(desc = "Workspace key to scope the token to.")] workspace: Option<String>,
        #[graphql(default = false)] read_only: bool,
    ) -> async_graphql::Result<CreatedApiToken> {
        let (token, row) =
            tokens::create_own(store(ctx), viewer(ctx)?, &name, workspace.as_deref(), read_only).await.gql()?;
        Ok(CreatedApiToken { token, api_token: ApiToken(row) })
    }

    /// Revokes one of the caller's tokens, and the tokens created with it:
    /// refused from their next request on, and their open subscriptions end
    /// within seconds.
    async fn revoke_api_token(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<ApiToken> {
        let (kind, number) = ids::decode(&id)?;
        let viewer = viewer(ctx)?;
        if kind != "ApiToken" {
            return Err(crate::graphql::error::coded(
                format!("`{}` is not a token id", crate::text::echo(id.as_str())),
                ErrorCode::BadUserInput,
                Some("pass `id` of an `apiTokens` node"),
            ));
        }
        Ok(ApiToken(tokens::revoke_own(store(ctx), viewer, number).await.gql()?))
    }
}
