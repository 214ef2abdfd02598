//! Markdown → sanitised HTML with the rendering rules of the product spec: headings start at
//! level 3 without ids, single line breaks kept, strikethrough, tables, task lists, bare URLs
//! linked, every link opening in a new tab with `rel="noopener noreferrer"`.

use std::collections::HashSet;
use std::sync::LazyLock;

use pulldown_cmark::{html, CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

fn shift(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H3,
        HeadingLevel::H2 => HeadingLevel::H4,
        HeadingLevel::H3 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

/// Splits text into plain runs and bare `http(s)://` links.
fn autolink(text: &str, out: &mut Vec<Event<'static>>) {
    let mut rest = text;
    loop {
        let start = match (rest.find("http://"), rest.find("https://")) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => break,
        };
        let (before, from) = rest.split_at(start);
        let end = from
            .find(|c: char| c.is_whitespace() || c == '<' || c == '>' || c == '"')
            .unwrap_or(from.len());
        let mut url = &from[..end];
        while url.ends_with(['.', ',', ';', ':', '!', '?', ')']) {
            url = &url[..url.len() - 1];
        }
        if url.len() <= "https://".len() {
            out.push(Event::Text(CowStr::from(format!(
                "{before}{}",
                &from[..end]
            ))));
            rest = &from[end..];
            continue;
        }
        if !before.is_empty() {
            out.push(Event::Text(CowStr::from(before.to_owned())));
        }
        let link = Tag::Link {
            link_type: LinkType::Autolink,
            dest_url: CowStr::from(url.to_owned()),
            title: CowStr::from(""),
            id: CowStr::from(""),
        };
        out.push(Event::Start(link));
        out.push(Event::Text(CowStr::from(url.to_owned())));
        out.push(Event::End(TagEnd::Link));
        rest = &from[url.len()..];
    }
    if !rest.is_empty() {
        out.push(Event::Text(CowStr::from(rest.to_owned())));
    }
}

pub fn render(source: &str, permissive: bool) -> String {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_TASKLISTS);
    let mut events: Vec<Event<'static>> = Vec::new();
    let mut in_link_or_code = 0usize;
    for event in Parser::new_ext(source, options) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => events.push(Event::Start(Tag::Heading {
                level: shift(level),
                id: None,
                classes: Vec::new(),
                attrs: Vec::new(),
            })),
            Event::End(TagEnd::Heading(level)) => {
                events.push(Event::End(TagEnd::Heading(shift(level))));
            }
            Event::SoftBreak => events.push(Event::HardBreak),
            Event::Start(tag @ (Tag::Link { .. } | Tag::CodeBlock(_))) => {
                in_link_or_code += 1;
                events.push(Event::Start(tag.into_static()));
            }
            Event::End(end @ (TagEnd::Link | TagEnd::CodeBlock)) => {
                in_link_or_code = in_link_or_code.saturating_sub(1);
                events.push(Event::End(end));
            }
            Event::Text(text) if in_link_or_code == 0 => autolink(&text, &mut events),
            other => events.push(other.into_static()),
        }
    }
    let mut raw = String::new();
    html::push_html(&mut raw, events.into_iter());

    let builder = if permissive { &*PERMISSIVE } else { &*STRICT };
    builder.clean(&raw).to_string().trim_end().to_owned()
}

/// The sanitisers, built once: building one (its tag and attribute tables) cost more than
/// cleaning a short description with it.
static PERMISSIVE: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| sanitiser(true));
static STRICT: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| sanitiser(false));

fn sanitiser(permissive: bool) -> ammonia::Builder<'static> {
    let mut builder = ammonia::Builder::default();
    builder
        .add_tags(["input", "del", "s", "u"])
        .add_tag_attributes("input", ["type", "checked", "disabled"])
        .link_rel(Some("noopener noreferrer"))
        .set_tag_attribute_value("a", "target", "_blank");
    if !permissive {
        let mut without_images: HashSet<&str> = builder.clone_tags();
        without_images.remove("img");
        builder.tags(without_images);
    }
    builder
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn headings_start_at_three_without_ids() {
        let html = render("# Title {#custom}\n## Sub", false);
        assert!(html.contains("<h3>"), "{html}");
        assert!(html.contains("<h4>Sub</h4>"), "{html}");
        assert!(!html.contains("id="), "{html}");
    }

    #[test]
    fn breaks_strike_tables_tasks() {
        let html = render("one\ntwo ~~gone~~", false);
        assert!(html.contains("one<br>"), "{html}");
        assert!(html.contains("<del>gone</del>"), "{html}");
        let table = render("| a | b |\n|---|---|\n| 1 | 2 |", false);
        assert!(
            table.contains("<table>") && table.contains("<td>1</td>"),
            "{table}"
        );
        let tasks = render("- [x] done\n- [ ] todo", false);
        assert!(tasks.contains("type=\"checkbox\""), "{tasks}");
        assert!(tasks.contains("checked"), "{tasks}");
    }

    #[test]
    fn links_are_safe_and_open_in_new_tab() {
        let html = render(
            "see https://funkwhale.audio/x. and [a](https://a.example)",
            false,
        );
        assert!(
            html.contains("href=\"https://funkwhale.audio/x\""),
            "{html}"
        );
        assert!(html.contains("target=\"_blank\""), "{html}");
        assert!(html.contains("rel=\"noopener noreferrer\""), "{html}");
        let evil = render(
            "<script>alert(1)</script>[x](javascript:alert(1)) <b onclick=\"x\">b</b>",
            false,
        );
        assert!(!evil.contains("<script"), "{evil}");
        assert!(!evil.contains("href=\"javascript"), "{evil}");
        assert!(!evil.contains("onclick"), "{evil}");
        assert!(render("snake_case_word", false).contains("snake_case_word"));
        assert!(!render("![i](https://x.example/i.png)", false).contains("<img"));
        assert!(render("![i](https://x.example/i.png)", true).contains("<img"));
    }
}
