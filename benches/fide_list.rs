//! Read a synthetic FIDE rating list the size of the published combined list
//! (1.9 million players; `FIDE_LIST_BENCH_LINES` changes it), plain, zipped
//! and as XML (plain and zipped), and a single-type standard list, keeping
//! 200 players: the median time of `--repeat N` reads (default 5) and peak
//! resident memory (VmHWM, Linux), printed to stdout; `--only LAYOUT` reads
//! one (for `/usr/bin/time -v` per layout). Target: a few seconds, memory
//! independent of the list's size. The lists are written once under
//! `target/tmp/` and reused. Run with `cargo bench --bench fide_list`.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
use chess_arbiter::formats::fide_list::{read_path, ReadOptions};
use chess_arbiter::model::fide_list::{ListKind, ListMonth};

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
        let entry = match layout {
            Layout::CombinedXml => "players_list_xml_foa.xml",
            _ => "players_list_foa.txt",
        };
        z.start_file(entry, o)?;
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

/// The median of some timings.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return Ok(());
    }
    // `--only txt|zip|xml|xml-zip|std`: one layout (to measure the peak memory of each
    // read in its own process with /usr/bin/time -v); `--repeat N`: reads per layout.
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let repeat: usize = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let n: u64 = std::env::var("FIDE_LIST_BENCH_LINES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_900_000);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp");
    std::fs::create_dir_all(&dir)?;
    // ~200 event players spread over the list
    let wanted: HashSet<u64> = (0..200u64)
        .map(|i| 900_000_000 + i * (n / 200).max(1))
        .collect();
    let month = ListMonth::new(2025, 11).ok_or_else(|| std::io::Error::other("month"))?;
    let cases = [
        ("txt", Layout::CombinedTxt, false),
        ("zip", Layout::CombinedTxt, true),
        ("xml", Layout::CombinedXml, false),
        ("xml-zip", Layout::CombinedXml, true),
        ("std", Layout::SingleTxt(ListKind::Standard, month), false),
    ];
    for (ext, layout, zipped) in cases {
        if only.as_deref().is_some_and(|o| o != ext) {
            continue;
        }
        let file = match (ext, zipped) {
            ("xml-zip", _) => format!("fide_list_bench_{n}.xml.zip"),
            ("std", _) => format!("standard_rating_list_bench_{n}.txt"),
            _ => format!("fide_list_bench_{n}.{ext}"),
        };
        let path = dir.join(file);
        ensure(&path, layout, n, zipped)?;
        let size = std::fs::metadata(&path)?.len();
        let before = peak_rss_kb();
        let mut times = Vec::new();
        let mut kept = 0;
        let mut read = 0;
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            let opts = ReadOptions::new()
                .wanted(Some(wanted.clone()))
                .month(Some(month));
            let r = read_path(&path, &opts).map_err(|d| std::io::Error::other(d.to_string()))?;
            times.push(t.elapsed().as_secs_f64());
            kept = r.list.players.len();
            read = r.list.lines_read;
        }
        let min = times.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "{ext}: {} MB, {read} players read, {kept} kept, median {:.2} s of {} (min {min:.2} s), peak RSS {} kB (before {} kB)",
            size / 1_000_000,
            median(times.clone()),
            times.len(),
            peak_rss_kb().unwrap_or(0),
            before.unwrap_or(0),
        );
    }
    Ok(())
}
