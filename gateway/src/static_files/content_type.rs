//! Content types by extension. Ours first, so that JavaScript is `text/javascript` with a
//! charset whatever version of the MIME table is compiled in (module scripts are refused by
//! browsers under a wrong type); then actix-files' table.

use actix_web::mime::Mime;

pub fn for_file(name: &str) -> Mime {
    let ext = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    let known = match ext.as_str() {
        "js" | "mjs" | "cjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" | "htm" => "text/html; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "wasm" => "application/wasm",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        _ => "",
    };
    known
        .parse()
        .unwrap_or_else(|_| actix_files::file_extension_to_mime(&ext))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_are_javascript() {
        assert_eq!(
            for_file("a.js").to_string(),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            for_file("a.MJS").to_string(),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(for_file("a.pdf").to_string(), "application/pdf");
        assert_eq!(for_file("noext").to_string(), "application/octet-stream");
    }
}
