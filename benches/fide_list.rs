//! Read a synthetic FIDE rating list the size of the published combined list
//! (1.9 million players; `FIDE_LIST_BENCH_LINES` changes it), plain, zipped
//! and as XML, keeping 300 players: time and peak resident memory (VmHWM,
//! Linux) of each read, printed to stdout. Target: a few seconds, memory
//! independent of the list's size. The lists are written once under
//! `target/tmp/` and reused. Run with `cargo bench --bench fide_list`.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
use chess_arbiter::formats::fide_list::{read_path, ReadOptions};

fn peak_rss_kb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn ensure(path: &Path, layout: Layout, n: u64, zipped: bool) -> std::io::Result<()> {
    if path.exists() {
        return Ok(());
    }
    let tmp = path.with_extension("part");
    let f = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
    if zipped {
        let mut z = zip::ZipWriter::new(f);
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(1))
            .large_file(true);
        z.start_file("players_list_foa.txt", o)?;
        let mut w = BufWriter::with_capacity(1 << 20, &mut z);
        synthetic::write(&mut w, layout, &[], n, 1)?;
        w.flush()?;
        drop(w);
        z.finish()?.flush()?;
    } else {
        let mut f = f;
        synthetic::write(&mut f, layout, &[], n, 1)?;
        f.flush()?;
    }
    std::fs::rename(tmp, path)
}

fn main() -> std::io::Result<()> {
    if std::env::args().any(|a| a == "--list") {
        return Ok(());
    }
    let n: u64 = std::env::var("FIDE_LIST_BENCH_LINES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_900_000);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp");
    std::fs::create_dir_all(&dir)?;
    let wanted: HashSet<u64> = (0..300u64)
        .map(|i| 900_000_000 + i * (n / 300).max(1))
        .collect();
    let cases = [
        ("txt", Layout::CombinedTxt, false),
        ("zip", Layout::CombinedTxt, true),
        ("xml", Layout::CombinedXml, false),
    ];
    for (ext, layout, zipped) in cases {
        let path = dir.join(format!("fide_list_bench_{n}.{ext}"));
        ensure(&path, layout, n, zipped)?;
        let size = std::fs::metadata(&path)?.len();
        let before = peak_rss_kb();
        let t = Instant::now();
        let opts = ReadOptions {
            wanted: Some(wanted.clone()),
            ..ReadOptions::default()
        };
        let r = read_path(&path, &opts).map_err(|d| std::io::Error::other(d.to_string()))?;
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{ext}: {} MB, {} players read, {} kept, {secs:.2} s, peak RSS {} kB (before {} kB)",
            size / 1_000_000,
            r.list.lines_read,
            r.list.players.len(),
            peak_rss_kb().unwrap_or(0),
            before.unwrap_or(0),
        );
    }
    Ok(())
}
