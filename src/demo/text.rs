//! The prose of the demo board: task titles, HTML descriptions and comments,
//! project blurbs and wiki Markdown.
//!
//! Everything is drawn from the caller's seeded generator, so one seed always
//! writes the same words. The texts deliberately carry what breaks naive text
//! handling: entities, astral emoji, ZWJ and skin-tone sequences, decomposed
//! accents (combining marks), CJK and right-to-left scripts, and sizes from
//! empty to tens of thousands of characters.

use entity::TaskKind;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

/// One entry of a non-empty table; the tables below are constants, so the
/// fallback is never used, it only keeps `choose` free of `unwrap`.
fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items.choose(rng).copied().unwrap_or("")
}

fn chance(rng: &mut StdRng, percent: u32) -> bool {
    rng.random_range(0..100) < percent
}

pub(super) fn mention(username: &str) -> String {
    format!(r#"<a class="mention" href="/users/{username}">@{username}</a>"#)
}

// ---------------------------------------------------------------- titles

const BUG_VERBS: &[&str] = &["Fix", "Fix", "Investigate", "Reproduce", "Regression:", "Hotfix:"];

const BUG_SYMPTOMS: &[&str] = &[
    "crash when uploading attachments over 2 GB",
    "duplicate invoices after a retried card payment",
    "blank screen when resuming the app from background",
    "wrong timezone in due date reminder emails",
    "search results missing tasks of archived projects",
    "slow login for accounts with many workspaces",
    "broken layout of the settings page in Safari 17",
    "emoji cut in half in push notification previews",
    "stale avatar after changing the profile picture",
    "memory leak in the websocket reconnect loop",
    "CSV export dropping accented characters like é",
    "session expiring in the middle of long uploads",
    "double submit on the \"Pay now\" button",
    "404 on shared links to deleted comments",
    "race when two people move the same card",
    "incorrect totals on the monthly usage report",
    "PDF invoices rendering Ø and ß as question marks",
    "sync conflict dialog shown for unchanged tasks",
    "unreadable date picker colours in dark mode",
    "webhook retries never giving up on 410 Gone",
];

/// Where a bug shows up.
const BUG_CONTEXTS: &[&str] = &[
    "on Android 14",
    "in the iOS app",
    "for EU customers",
    "behind corporate proxies",
    "since the 3.2 release",
    "with SSO enabled",
    "on slow 3G connections",
    "in Firefox ESR",
    "for large workspaces",
    "after the database failover",
    "during the nightly import",
    "for right-to-left locales",
];

/// Why or when planned work happens.
const PLAN_CONTEXTS: &[&str] = &[
    "before the Q3 freeze",
    "for the 4.0 release",
    "for enterprise plans",
    "behind a feature flag",
    "for the R&D team",
    "in the staging environment",
    "ahead of the SOC 2 audit",
    "for the EU region",
    "as agreed in the retro",
];

const FEATURE_VERBS: &[&str] = &["Add", "Support", "Introduce", "Ship", "Prototype", "Design"];

const FEATURES: &[&str] = &[
    "CSV export of the billing history",
    "dark mode for the mobile app",
    "bulk editing of task labels",
    "SAML single sign-on for enterprise plans",
    "webhooks for task status changes",
    "keyboard shortcuts in the board view",
    "offline mode for field teams",
    "saved filters on the search page",
    "passkey login as a second factor",
    "per-project notification settings",
    "a public status page for incidents",
    "inline image previews in comments",
    "recurring tasks with custom schedules",
    "audit log export to S3",
    "an onboarding checklist for new admins",
    "usage-based pricing tiers",
];

const TASK_VERBS: &[&str] = &[
    "Update",
    "Document",
    "Migrate",
    "Refactor",
    "Review",
    "Clean up",
    "Write tests for",
    "Benchmark",
    "Upgrade",
    "Automate",
    "Deprecate",
    "Monitor",
];

const TASK_OBJECTS: &[&str] = &[
    "the payment retry logic",
    "the onboarding email sequence",
    "the deploy pipeline on the new runners",
    "database connection pooling",
    "the search indexer",
    "the release notes template",
    "error messages in the checkout flow",
    "the on-call rotation schedule",
    "TLS certificates of the staging cluster",
    "slow queries behind the analytics dashboard",
    "the feature flag service",
    "the mobile crash reporting setup",
    "Terraform modules for the main VPC",
    "the customer support macros",
    "rate limits of the public API",
    "German and Japanese translations of the app",
    "the brand guidelines for partner logos",
    "the mobile app store screenshots",
];

const EPICS: &[&str] = &[
    "Mobile app redesign for the 4.0 release",
    "Move billing to the new payments provider",
    "Self-serve onboarding for small teams",
    "Observability for every customer-facing service",
    "Search that understands typos and accents",
    "Cut cloud spend by 20% before the next budget",
    "Accessibility audit and WCAG 2.2 fixes",
    "Launch the partner marketplace in Europe",
];

const EPIC_SUFFIXES: &[&str] =
    &["(phase 1)", "(phase 2)", "— H1 2027", "for enterprise customers", "and its rollout plan"];

const TITLE_EMOJI: &[&str] = &["🚀", "🐛", "🔥", "✨", "⚠️", "👩‍💻"];

/// A task title of about 55 characters: a verb, an object and, when it fits,
/// a context ("Fix crash when uploading ... on Android 14").
pub(super) fn task_title(rng: &mut StdRng, kind: TaskKind) -> String {
    let mut title = match kind {
        TaskKind::Bug => format!("{} {}", pick(rng, BUG_VERBS), pick(rng, BUG_SYMPTOMS)),
        TaskKind::Feature => format!("{} {}", pick(rng, FEATURE_VERBS), pick(rng, FEATURES)),
        TaskKind::Task => format!("{} {}", pick(rng, TASK_VERBS), pick(rng, TASK_OBJECTS)),
        TaskKind::Epic => {
            let theme = pick(rng, EPICS);
            if chance(rng, 50) { format!("{theme} {}", pick(rng, EPIC_SUFFIXES)) } else { theme.to_owned() }
        }
    };
    // A context only when the title stays readable in one list row.
    let context = pick(rng, if kind == TaskKind::Bug { BUG_CONTEXTS } else { PLAN_CONTEXTS });
    if kind != TaskKind::Epic && title.len() + context.len() < 72 && chance(rng, 55) {
        title.push(' ');
        title.push_str(context);
    }
    if chance(rng, 4) {
        title = format!("{} {title}", pick(rng, TITLE_EMOJI));
    }
    title
}

// ----------------------------------------------------------------- HTML

/// Plain sentences, already safe to put into HTML as they are.
const SENTENCES: &[&str] = &[
    "The current behaviour surprises people who expect the list to keep its order.",
    "We first saw this in the support queue last week; three customers reported it independently.",
    "Steps to reproduce are below, together with what we expected to happen.",
    "This blocks the rollout to the remaining regions, so it should land before the freeze.",
    "The fix is probably small, but it touches code that has no tests yet.",
    "Logs of the affected requests show a timeout after exactly thirty seconds.",
    "Product would like a first version behind a feature flag, then a gradual rollout.",
    "Design mocks are attached; the empty state still needs copy.",
    "Keep the old endpoint working until every mobile client has updated.",
    "Measure before and after: the p95 latency of the list query is the number that matters.",
    "Nothing here changes the public API, so no migration guide is needed.",
    "If this turns out bigger than a day, split it and link the follow-ups here.",
    "The export job has the same pattern and should get the same treatment.",
    "Legal asked us to keep the audit trail for seven years, including deleted items.",
    "Customers on the enterprise plan will see this first.",
    "The dialog must be usable with a keyboard and a screen reader.",
    "We agreed in planning to time-box the investigation to two days.",
    "The vendor documentation is vague about retries, so we test against their sandbox.",
    "Error rates went from 0.1% to 2.4% right after the deploy and recovered on rollback.",
    "Please keep the copy short: most people read this on a phone.",
    "The migration has to run online; the table is too big to lock.",
    "Support needs a macro for the reply once this ships.",
    "Caching helps here only if we can invalidate on every write.",
    "The previous attempt was reverted because it doubled the memory use of the workers.",
];

/// Sentences that carry markup, entities, emoji, combining marks and other
/// scripts: what renderers, excerpts and windows must survive.
const SPICE: &[&str] = &[
    "Open <strong>Settings &gt; Billing &amp; Invoices</strong> and compare the &quot;Total&quot; column with the export.",
    "The guard should read <code>if retries &lt; max &amp;&amp; !cancelled</code>, not the other way round.",
    "The caf&eacute; demo shows &quot;Caf&eacute;&quot; in the PDF but mojibake in the CSV &#8212; encoding, again.",
    "Values like 10 &lt; 20 &gt; 5 confuse the parser when they appear in titles.",
    "Zoe\u{308} and Ame\u{301}lie (decomposed accents) sort differently from Zoë and Amélie.",
    "Looks great on staging 🚀 &#8212; thanks everyone 👍🏽",
    "Pairing on this with the platform team 👩‍💻👨🏿‍💻 on Thursday.",
    "Flags 🇯🇵 🇧🇷 and the family 👨‍👩‍👧‍👦 must survive truncation intact.",
    "The Japanese copy is 「保存しました」 and the Arabic one is «تم الحفظ», right to left.",
    "Combining marks stack: a\u{301}\u{328} should stay one grapheme, and so should n\u{303}.",
    "Units in labels: x² + y² ≤ r², ±5 %, 30 °C &#8212; all plain UTF-8.",
    "<em>Note:</em> the résumé upload (cre\u{300}me bru\u{302}le\u{301}e test file) still fails 😬",
];

const LINKS: &[(&str, &str)] = &[
    ("https://docs.example.com/billing/retries", "the billing retry notes"),
    ("https://docs.example.com/search/indexing", "the indexing design doc"),
    ("https://docs.example.com/mobile/offline-sync", "the offline sync RFC"),
    ("https://wiki.example.com/runbooks/deploys", "the deploy runbook"),
    ("https://grafana.example.com/d/api-latency?from=now-24h&amp;to=now", "the latency dashboard"),
    ("https://github.com/example/app/pull/4821", "PR #4821"),
];

const LIST_ITEMS: &[&str] = &[
    "Reproduce on staging with a fresh account",
    "Add a regression test",
    "Update the changelog",
    "Check the Android and iOS builds",
    "Ask support to reply to the affected customers",
    "Remove the feature flag after two weeks",
    "Verify the migration on a copy of production",
    "Write the rollback plan",
    "Update the help centre article",
    "Measure p95 before and after",
    "Get a review from security &amp; compliance",
    "Ship it 🚢",
];

const HEADINGS: &[&str] = &[
    "Context",
    "Steps to reproduce",
    "Expected behaviour",
    "Actual behaviour",
    "Proposal",
    "Open questions",
    "Rollout plan",
    "Risks",
    "Alternatives considered",
    "Test plan",
    "Notes from the call",
    "Raw logs",
];

const CODE: &[&str] = &[
    "<pre><code class=\"language-rust\">fn retry_after(attempt: u32) -&gt; Duration {\n    let base = Duration::from_millis(250);\n    base * 2u32.pow(attempt.min(6))\n}\n</code></pre>",
    "<pre><code class=\"language-sql\">SELECT id, title\nFROM task\nWHERE due_date &lt; CURRENT_DATE AND status &lt;&gt; 'done'\nORDER BY updated_at DESC;\n</code></pre>",
    "<pre><code class=\"language-ts\">if (items.length &gt; 0 &amp;&amp; !loading) {\n  render(&lt;List items={items} /&gt;);\n}\n</code></pre>",
    "<pre><code>2026-10-12T08:14:03Z ERROR upstream timed out (30.000s) path=/api/v2/invoices?page=3&amp;per_page=100\n2026-10-12T08:14:03Z WARN  retrying attempt=2\n</code></pre>",
    "<pre><code class=\"language-bash\"># not a heading: a shell comment\nkubectl rollout restart deploy/api -n prod\n</code></pre>",
];

const SHORT_REPLIES: &[&str] = &[
    "LGTM 👍🏽",
    "Reproduced on staging.",
    "Fixed in the latest build, please re-test.",
    "Can we move this to the next sprint?",
    "Merged &#8212; deploying after lunch.",
    "Thanks! 🎉",
    "I think this duplicates the older report.",
    "Blocked on the vendor, pinged them again.",
    "Tried on Android and iOS, both fine now.",
    "Not sure about this one, let's discuss on Monday.",
    "Added logs, see the trace below.",
    "+1, customers keep asking for this.",
    "Done ✅",
    "Reverted, it broke the nightly import 😬",
    "Merci ! C'est re\u{301}gle\u{301} \u{2014} ça marche.",
];

const MENTION_ASKS: &[&str] = &[
    "can you take a look when you have a moment?",
    "you wrote the original version, does this match what you intended?",
    "could you confirm this is fixed on your side?",
    "FYI, this affects the release on Thursday.",
    "please review the rollout plan.",
];

/// Builds HTML while counting characters (not bytes), so size targets are
/// met without rescanning the text.
struct Html {
    text: String,
    chars: usize,
}

impl Html {
    fn new() -> Self {
        Self { text: String::new(), chars: 0 }
    }

    fn push(&mut self, piece: &str) {
        self.chars += piece.chars().count();
        self.text.push_str(piece);
    }
}

/// A paragraph of distinct sentences, some of them replaced by a link, a
/// mention or a "spicy" one.
fn paragraph(rng: &mut StdRng, mentions: &[&str], sentences: usize) -> String {
    let plain: Vec<&str> = SENTENCES.choose_multiple(rng, sentences).copied().collect();
    let body: Vec<String> = plain
        .into_iter()
        .map(|plain| {
            let roll = rng.random_range(0..100);
            if roll < 14 {
                pick(rng, SPICE).to_owned()
            } else if roll < 22 {
                let (href, text) = LINKS.choose(rng).copied().unwrap_or(("https://example.com", "the notes"));
                format!(r#"See <a href="{href}">{text}</a> for background."#)
            } else if roll < 30 && !mentions.is_empty() {
                format!("{} {}", mention(pick(rng, mentions)), pick(rng, MENTION_ASKS))
            } else {
                plain.to_owned()
            }
        })
        .collect();
    format!("<p>{}</p>", body.join(" "))
}

fn list(rng: &mut StdRng) -> String {
    let tag = if chance(rng, 30) { "ol" } else { "ul" };
    let count = rng.random_range(3..=6);
    // One more than shown: the spare becomes a nested item.
    let items: Vec<&str> = LIST_ITEMS.choose_multiple(rng, count + 1).copied().collect();
    let nested = chance(rng, 20);
    let mut html = format!("<{tag}>");
    for (index, item) in items[..count].iter().enumerate() {
        html.push_str("<li>");
        html.push_str(item);
        // Now and then a nested list, which outlines and plain text must indent.
        if index == 1 && nested {
            html.push_str(&format!("<ul><li>{}</li></ul>", items[count]));
        }
        html.push_str("</li>");
    }
    html.push_str(&format!("</{tag}>"));
    html
}

fn table(rng: &mut StdRng) -> String {
    let mut html =
        String::from("<table><thead><tr><th>Region</th><th>p50 (ms)</th><th>p95 (ms)</th></tr></thead><tbody>");
    for region in ["eu-west-1", "us-east-1", "ap-northeast-1"] {
        let p50 = rng.random_range(20..120);
        let p95 = p50 * rng.random_range(2..6);
        html.push_str(&format!("<tr><td>{region}</td><td>{p50}</td><td>{p95}</td></tr>"));
    }
    html.push_str("</tbody></table>");
    html
}

/// A structured document of at least `min_chars` characters: numbered
/// sections with paragraphs, lists, code, tables and quotes.
pub(super) fn rich_html(rng: &mut StdRng, min_chars: usize, mentions: &[&str]) -> String {
    let mut html = Html::new();
    html.push(&paragraph(rng, mentions, 2));
    let mut section = 0;
    while html.chars < min_chars {
        section += 1;
        html.push(&format!("<h2>{section}. {}</h2>", HEADINGS[(section - 1) % HEADINGS.len()]));
        for _ in 0..rng.random_range(1..=3) {
            let sentences = rng.random_range(2..=5);
            html.push(&paragraph(rng, mentions, sentences));
        }
        if chance(rng, 50) {
            html.push(&list(rng));
        }
        if chance(rng, 25) {
            html.push(pick(rng, CODE));
        }
        if chance(rng, 12) {
            html.push(&table(rng));
        }
        if chance(rng, 10) {
            html.push(&format!("<blockquote><p>{}</p></blockquote>", pick(rng, SENTENCES)));
        }
        if chance(rng, 20) {
            html.push(&format!("<h3>{section}.1 Details</h3>"));
            html.push(&paragraph(rng, mentions, 3));
        }
    }
    html.text
}

/// A task description: absent, empty, one line, a few paragraphs, a list,
/// or a long document, in roughly the mix a real tracker holds.
pub(super) fn task_description(rng: &mut StdRng, mentions: &[&str]) -> Option<String> {
    let roll = rng.random_range(0..1000);
    let html = match roll {
        0..120 => return None,
        120..150 => String::new(),
        150..350 => paragraph(rng, mentions, 1),
        350..600 => {
            let sentences = rng.random_range(2..=4);
            let mut html = paragraph(rng, mentions, sentences);
            if chance(rng, 40) {
                html.push_str(&paragraph(rng, mentions, 2));
            }
            html
        }
        600..850 => format!("{}{}{}", paragraph(rng, mentions, 2), list(rng), paragraph(rng, mentions, 2)),
        850..990 => {
            let size = rng.random_range(1_500..6_000);
            rich_html(rng, size, mentions)
        }
        _ => {
            let size = rng.random_range(8_000..16_000);
            rich_html(rng, size, mentions)
        }
    };
    Some(html)
}

/// A comment body: mostly short replies, some with mentions, a few long.
pub(super) fn comment_body(rng: &mut StdRng, mentions: &[&str]) -> String {
    let roll = rng.random_range(0..1000);
    match roll {
        0..400 => format!("<p>{}</p>", pick(rng, SHORT_REPLIES)),
        400..650 if !mentions.is_empty() => {
            format!("<p>{} {}</p>", mention(pick(rng, mentions)), pick(rng, MENTION_ASKS))
        }
        400..880 => {
            let sentences = rng.random_range(1..=4);
            paragraph(rng, mentions, sentences)
        }
        880..970 => format!("{}{}", paragraph(rng, mentions, 2), list(rng)),
        970..995 => {
            let size = rng.random_range(2_000..5_000);
            rich_html(rng, size, mentions)
        }
        _ => {
            let size = rng.random_range(8_000..12_000);
            rich_html(rng, size, mentions)
        }
    }
}

pub(super) fn project_description(rng: &mut StdRng, name: &str) -> Option<String> {
    if chance(rng, 20) {
        return None;
    }
    Some(format!("<p><strong>{name}</strong>: {}</p><p>{}</p>", pick(rng, SENTENCES), pick(rng, SENTENCES)))
}

// ------------------------------------------------------------- Markdown

const MD_SENTENCES: &[&str] = &[
    "Ask in the team channel when something here is out of date.",
    "Every change to this page is reviewed by the owners listed above.",
    "Use **Settings > Billing & Invoices** to check totals; `a < b && c > d` is not a heading.",
    "We deploy on weekdays before 15:00 and never on Fridays 🚀.",
    "New joiners pair with a buddy 👩‍💻 for their first two weeks.",
    "Names with decomposed accents such as Zoe\u{308} or Jose\u{301} must sort correctly.",
    "The café (spelled cafe\u{301} in the legacy export) is on the third floor ☕.",
    "Links: see [the runbook](https://wiki.example.com/runbooks) and the [status page](https://status.example.com).",
    "Some teams write in 日本語 or العربية; keep the pages UTF-8.",
    "Thumbs up 👍🏽 on a pull request is not an approval.",
    "Keep secrets out of this wiki: use the vault instead.",
    "If a step fails, stop and ask rather than improvise.",
];

const MD_ITEMS: &[&str] = &[
    "Install the toolchain",
    "Clone the repository",
    "Run the test suite once",
    "Ask for access to the staging cluster",
    "Read the incident handbook",
    "Set up two-factor authentication",
];

const MD_HEADINGS: &[&str] = &["Overview", "Prerequisites", "Setup", "Troubleshooting", "Reference", "FAQ"];

fn md_paragraph(rng: &mut StdRng, sentences: usize) -> String {
    let body: Vec<&str> = MD_SENTENCES.choose_multiple(rng, sentences).copied().collect();
    format!("{}\n\n", body.join(" "))
}

fn md_section(rng: &mut StdRng, number: usize) -> String {
    let heading = MD_HEADINGS[(number - 1) % MD_HEADINGS.len()];
    let mut text = format!("## {number}. {heading}\n\n");
    let sentences = rng.random_range(2..=4);
    text.push_str(&md_paragraph(rng, sentences));
    text.push_str(&format!("### {number}.1 Steps\n\n"));
    let steps = rng.random_range(2..=4);
    for (number, item) in MD_ITEMS.choose_multiple(rng, steps).enumerate() {
        text.push_str(&format!("{}. {item}\n", number + 1));
    }
    text.push_str("   - nested note: check twice\n\n");
    if chance(rng, 40) {
        text.push_str(
            "```yaml\n# a YAML comment, not a heading\nreplicas: 3\nimage: registry.example.com/api:1.42\n```\n\n",
        );
    }
    if chance(rng, 25) {
        text.push_str("> **Tip:** run it twice; the second run is a no-op ✅\n\n");
    }
    text
}

/// A wiki page: YAML frontmatter, a title heading, nested sections, a fenced
/// block whose first line starts with `#` (a comment, not a heading), and at
/// least `min_chars` characters.
pub(super) fn wiki_markdown(rng: &mut StdRng, title: &str, tags: &[&str], min_chars: usize) -> String {
    let status = pick(rng, &["draft", "published", "published", "review"]);
    let mut text = format!("---\ntitle: {title}\ntags: [{}]\nstatus: {status}\n---\n\n# {title}\n\n", tags.join(", "));
    let sentences = rng.random_range(2..=3);
    text.push_str(&md_paragraph(rng, sentences));
    text.push_str("```bash\n# Install the toolchain (a shell comment, not a heading)\ncurl -sSf https://sh.rustup.rs | sh\ncargo build --release\n```\n\n");
    text.push_str("| Tool | Version |\n|---|---|\n| rustc | 1.85 |\n| node | 22 |\n\n");
    let mut section = 0;
    let mut chars = text.chars().count();
    while section < 2 || chars < min_chars {
        section += 1;
        let part = md_section(rng, section);
        chars += part.chars().count();
        text.push_str(&part);
    }
    text
}
