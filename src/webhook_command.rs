//! `tasklens webhook add|list|remove|enable|deliveries|redeliver`: the
//! operator's hand on a workspace's webhooks, beside its admins' GraphQL.

use tasklens::config::{Settings, WebhookCommand};
use tasklens::db;
use tasklens::store::webhooks::{EventType, Manager, NewWebhook, WebhookChanges, events_of};
use tasklens::store::{PageArgs, PageLimits, Store};

type Failure = Box<dyn std::error::Error>;

fn when(at: Option<chrono::DateTime<chrono::Utc>>) -> String {
    at.map_or_else(|| "-".to_owned(), tasklens::text::to_second)
}

pub async fn run(url: &str, settings: &Settings, command: WebhookCommand) -> Result<(), Failure> {
    let store = Store::new(db::connect(url).await?, PageLimits::default());
    let by = Manager::Operator;
    let allow_loopback = settings.webhooks_allow_http_loopback;
    match command {
        WebhookCommand::Add { workspace, url, events, project } => {
            let events = events.iter().map(|e| EventType::parse(e.trim())).collect::<Result<Vec<_>, _>>()?;
            let made =
                store.create_webhook(by, &NewWebhook { workspace, url, events, project }, allow_loopback).await?;
            // The secret alone on stdout, for scripts.
            println!("{}", made.secret);
            eprintln!(
                "webhook {} sends {} to {}; the secret above is shown once",
                made.webhook.id, made.webhook.events, made.webhook.url
            );
        }
        WebhookCommand::List { workspace } => {
            println!("id\tworkspace_id\tproject_id\tenabled\tevents\turl\tdisabled_reason");
            let mut args = PageArgs::first(200);
            loop {
                let (page, _) = store.webhooks_page(by, workspace.as_deref(), &args).await?;
                for (_, w) in &page.items {
                    let project = w.project_id.map_or_else(|| "-".to_owned(), |p| p.to_string());
                    let reason = w.disabled_reason.as_deref().unwrap_or("-");
                    println!(
                        "{}\t{}\t{project}\t{}\t{}\t{}\t{reason}",
                        w.id, w.workspace_id, w.enabled, w.events, w.url
                    );
                }
                let Some((cursor, _)) = page.items.last().filter(|_| page.has_next_page) else { break };
                args.after = Some(cursor.encoded());
            }
        }
        WebhookCommand::Remove { id } => {
            let removed = store.delete_webhook(by, id).await?;
            eprintln!("webhook {} ({}) is removed with its deliveries", removed.id, removed.url);
        }
        WebhookCommand::Enable { id } => {
            let changes = WebhookChanges { enabled: Some(true), ..Default::default() };
            let hook = store.update_webhook(by, id, &changes, allow_loopback).await?;
            let events: Vec<&str> = events_of(&hook).iter().map(|e| e.as_str()).collect();
            eprintln!("webhook {} is enabled ({})", hook.id, events.join(","));
        }
        WebhookCommand::Deliveries { id, limit } => {
            let args = PageArgs::first(i32::try_from(limit).unwrap_or(200));
            let page = store.deliveries_page(by, id, None, &args).await?;
            println!("id\tmessage_id\tevent\tstatus\tattempts\tcreated\tlast_attempt\tresponse\tms\terror");
            for (_, d) in &page.items {
                let response = d.response_status.map_or_else(|| "-".to_owned(), |s| s.to_string());
                let ms = d.duration_ms.map_or_else(|| "-".to_owned(), |s| s.to_string());
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{response}\t{ms}\t{}",
                    d.id,
                    d.message_id,
                    d.event_type,
                    d.status,
                    d.attempts,
                    when(Some(d.created_at)),
                    when(d.last_attempt_at),
                    d.error.as_deref().unwrap_or("-")
                );
            }
        }
        WebhookCommand::Github { project, repository } => {
            let (hook, secret) = store.bind_github(&project, &repository).await?;
            println!("{secret}");
            eprintln!(
                "project {project} takes {}'s changes: on GitHub, Settings > Webhooks > Add webhook, payload URL \
                 https://YOUR-SERVER/hooks/github/{project}, content type application/json, the secret above, \
                 events \"Issues\" and \"Issue comments\"",
                hook.repository
            );
        }
        WebhookCommand::Redeliver { delivery } => {
            let d = store.redeliver(by, delivery).await?;
            eprintln!("delivery {} ({}) is due again; a running server sends it", d.id, d.message_id);
        }
    }
    Ok(())
}
