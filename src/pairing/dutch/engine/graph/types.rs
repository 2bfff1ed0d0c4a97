//! The compatible pairs of a bracket graph and the ladder's fields of each,
//! from a table of rows by player type ([`PairRows`]).

use crate::pairing::dutch::complete::Compat;
use crate::pairing::dutch::criteria::by_type::PairRows;
use crate::pairing::dutch::criteria::{BracketCtx, Layout};
use crate::pairing::dutch::input::Input;
use crate::pairing::dutch::state::PlayerState;

/// The compatible pairs of a bracket graph and their rows of fields.
pub(super) struct Built {
    /// Compatible pairs (local vertices, `a < b`, sorted).
    pub edges: Vec<(u32, u32)>,
    /// The row of each edge, numbered in order of first appearance.
    pub row_of: Vec<u32>,
    /// The first edge of each local vertex, and the number of edges last.
    pub row_start: Vec<usize>,
    /// The distinct rows, `lay.len` fields each, in order.
    pub rows: Vec<i64>,
}

/// The compatible pairs among `verts` (player indices) and the ladder's
/// fields of each: exactly [`crate::pairing::dutch::criteria::edge_fields_into`]
/// of the two players, interned in the order of the pairs.
pub(super) fn build(
    inp: &Input,
    compat: &Compat,
    verts: &[usize],
    ctx: &BracketCtx,
    lay: &Layout,
) -> Built {
    let n = verts.len();
    // One pass over the pairs for C1-C3, kept as bits: the lists are then
    // allocated once at their size.
    let words = n.div_ceil(64);
    let mut ok = vec![0u64; n * words];
    let mut count = 0;
    for i in 0..n {
        let row = &mut ok[i * words..(i + 1) * words];
        for j in i + 1..n {
            if compat.ok(verts[i], verts[j]) {
                row[j / 64] |= 1 << (j % 64);
                count += 1;
            }
        }
    }
    let players: Vec<Option<&PlayerState>> = verts.iter().map(|&v| inp.players.get(v)).collect();
    let mut table = PairRows::new(ctx, lay, players);
    let mut edges = Vec::with_capacity(count);
    let mut row_of = Vec::with_capacity(count);
    let mut row_start = Vec::with_capacity(n + 1);
    for i in 0..n {
        row_start.push(edges.len());
        for (w, &word) in ok[i * words..(i + 1) * words].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                edges.push((i as u32, j as u32));
                row_of.push(table.row(i, j));
            }
        }
    }
    row_start.push(edges.len());
    #[cfg(test)]
    let stats = table.stats();
    let rows = table.into_data();
    #[cfg(test)]
    tests::audit(
        inp,
        compat,
        verts,
        ctx,
        lay,
        (&edges, &row_of, &rows),
        stats,
    );
    Built {
        edges,
        row_of,
        row_start,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::HashSet;

    use super::*;
    use crate::model::{Color, PlayerId, Points, Tournament};
    use crate::pairing::dutch::colour;
    use crate::pairing::dutch::criteria::{edge_fields_into, Members};
    use crate::pairing::dutch::solve;
    use crate::pairing::dutch::state::{preference, Float, Strength};
    use crate::pairing::dutch::{prepare, DutchEdition, PairOptions};
    use crate::pairing::generate::{generate, GenerateOptions, Scoring};

    /// What the audited builds of one test thread saw.
    #[derive(Debug, Default, Clone, Copy)]
    struct Stats {
        graphs: usize,
        pairs: usize,
        /// Pairs whose row came from a filled cell of the table.
        from_table: usize,
        /// Cells of type pairs computed pair by pair (E.4-E.5 between
        /// players of different colour histories or preferences).
        per_pair_cells: usize,
    }

    thread_local! {
        static AUDIT: RefCell<Option<Stats>> = const { RefCell::new(None) };
    }

    /// Run `f` with every [`build`] of this thread checked against the
    /// direct computation.
    fn audited(f: impl FnOnce()) -> Stats {
        AUDIT.with(|a| *a.borrow_mut() = Some(Stats::default()));
        f();
        AUDIT.with(|a| a.borrow_mut().take()).unwrap_or_default()
    }

    /// Called by [`build`]: when auditing, require exactly the compatible
    /// pairs of `verts`, each with the row [`edge_fields_into`] gives it,
    /// numbered as interning every pair's own fields in order numbers them.
    pub(super) fn audit(
        inp: &Input,
        compat: &Compat,
        verts: &[usize],
        ctx: &BracketCtx,
        lay: &Layout,
        (edges, row_of, rows): (&[(u32, u32)], &[u32], &[i64]),
        (computed, per_pair_cells): (usize, usize),
    ) {
        AUDIT.with(|a| {
            let mut a = a.borrow_mut();
            let Some(st) = a.as_mut() else {
                return;
            };
            let players: Vec<&PlayerState> = verts.iter().map(|&v| &inp.players[v]).collect();
            let n = players.len();
            let pairs: Vec<(u32, u32)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| compat.ok(verts[i], verts[j]))
                .map(|(i, j)| (i as u32, j as u32))
                .collect();
            assert_eq!(edges, &pairs[..], "the compatible pairs");
            let nf = lay.len;
            let mut direct = solve::Rows::new(nf);
            let mut f = vec![0i64; nf];
            for (e, &(i, j)) in edges.iter().enumerate() {
                let (a, b) = (players[i as usize], players[j as usize]);
                edge_fields_into(ctx, lay, a, b, &mut f);
                let r = row_of[e] as usize;
                assert_eq!(
                    &rows[r * nf..(r + 1) * nf],
                    &f[..],
                    "fields of players {} and {}",
                    a.index,
                    b.index
                );
                assert_eq!(direct.intern(&f), row_of[e], "row number of edge {e}");
            }
            assert_eq!(direct.into_data(), rows, "the distinct rows");
            st.graphs += 1;
            st.pairs += edges.len();
            st.from_table += edges.len() - computed;
            st.per_pair_cells += per_pair_cells;
        });
    }

    fn options(players: u32, rounds: u32, seed: u64) -> GenerateOptions {
        GenerateOptions {
            players,
            rounds,
            seed,
            half_bye_rate: 0.04,
            zero_bye_rate: 0.03,
            withdraw_rate: 0.01,
            late_entry_rate: 0.1,
            forfeit_rate: 0.03,
            ..GenerateOptions::default()
        }
    }

    /// Every graph the engine builds while generating (pairing) whole
    /// events in both editions has exactly the rows of the direct
    /// computation: late entries, absences and byes give colour
    /// histories of different lengths, the last rounds topscorers.
    #[test]
    fn engine_graphs_have_the_direct_rows() {
        let mut total = Stats::default();
        let cases = [
            (options(60, 9, 11), DutchEdition::Dutch2017),
            (options(60, 9, 11), DutchEdition::Dutch2025),
            (
                GenerateOptions {
                    scoring: Scoring::ThreeOneZero,
                    ..options(45, 7, 12)
                },
                DutchEdition::Dutch2025,
            ),
            (
                GenerateOptions {
                    baku: true,
                    ..options(50, 8, 13)
                },
                DutchEdition::Dutch2017,
            ),
            (options(150, 7, 14), DutchEdition::Dutch2025),
        ];
        for (o, edition) in cases {
            let st = audited(|| {
                generate(&o, edition, |_| {}).unwrap();
            });
            assert!(st.graphs > 0 && st.pairs > 0, "{st:?}");
            total.graphs += st.graphs;
            total.pairs += st.pairs;
            total.from_table += st.from_table;
            total.per_pair_cells += st.per_pair_cells;
        }
        // The table does the work: most pairs reuse a row.
        assert!(total.from_table * 2 > total.pairs, "{total:?}");
    }

    /// Random brackets over the players of real rounds: any slice of the
    /// rank order as the bracket, some of it moved down, the next
    /// scoregroup, the completion and \[C9\] switches, over the bracket
    /// and next group or over a random set of the remaining players.
    #[test]
    fn random_brackets_of_real_rounds_have_the_direct_rows() {
        let mut mix = crate::model::random::Seeded::new(7);
        let mut total = Stats::default();
        for (edition, seed) in [(DutchEdition::Dutch2017, 21), (DutchEdition::Dutch2025, 22)] {
            let t: Tournament = generate(&options(70, 8, seed), edition, |_| {}).unwrap();
            for round in 2..=8 {
                let prep = prepare(
                    &t,
                    &PairOptions {
                        edition: Some(edition),
                        round: Some(round),
                        total_rounds: Some(8),
                    },
                )
                .unwrap();
                let inp = prep.input();
                let compat = Compat::new(&inp);
                let mut ranked: Vec<usize> = (0..inp.players.len()).collect();
                crate::pairing::dutch::state::by_rank(inp.players, &mut ranked);
                for _ in 0..6 {
                    let n = ranked.len();
                    let start = mix.index(n / 2);
                    let len = 2 + mix.index(n - start - 1);
                    let bracket = &ranked[start..(start + len).min(n)];
                    let mdps: Vec<usize> = bracket
                        .iter()
                        .copied()
                        .filter(|_| mix.index(4) == 0)
                        .collect();
                    let rest = &ranked[(start + len).min(n)..];
                    let next = &rest[..mix.index(rest.len() + 1)];
                    let completion = mix.index(2) == 0;
                    let ctx = BracketCtx::new(
                        inp.players,
                        edition,
                        inp.initial,
                        inp.one_point,
                        Members {
                            bracket,
                            mdps: &mdps,
                            next,
                            next_last: mix.index(2) == 0,
                        },
                        completion,
                        mix.index(2) == 0,
                    );
                    let verts: Vec<usize> = if completion {
                        ranked[start..]
                            .iter()
                            .copied()
                            .filter(|_| mix.index(5) != 0)
                            .collect()
                    } else {
                        bracket.iter().chain(next).copied().collect()
                    };
                    let lay = Layout::new(&ctx);
                    let st = audited(|| {
                        build(&inp, &compat, &verts, &ctx, &lay);
                    });
                    total.graphs += st.graphs;
                    total.pairs += st.pairs;
                }
            }
        }
        assert_eq!(total.graphs, 2 * 7 * 6);
        assert!(total.pairs > 1000, "{total:?}");
    }

    fn state(index: usize, colors: &[Color], topscorer: bool) -> PlayerState {
        PlayerState {
            id: PlayerId(index as u32 + 1),
            index,
            number: index,
            score: Points(20),
            pscore: Points(20),
            colors: colors.to_vec(),
            preference: preference(colors),
            float1: Float::None,
            float2: Float::None,
            bye_eligible: true,
            opponents: HashSet::new(),
            unplayed: 0,
            topscorer,
        }
    }

    /// E.4 between players whose histories differ (one is the end of the
    /// other: W against W-B-W, both a strong Black preference) is decided
    /// by rank, so those pairs are computed pair by pair; the pairs of
    /// equal histories come from the table, and every row is exact.
    #[test]
    fn rank_decided_colours_of_different_histories_are_computed_per_pair() {
        use Color::{Black as B, White as W};
        let short = [W];
        let long = [W, B, W];
        let players: Vec<PlayerState> = (0..8)
            .map(|i| state(i, if i % 2 == 0 { &short } else { &long }, i < 2))
            .collect();
        let (a, b) = (&players[2], &players[3]);
        assert_eq!(a.preference, b.preference);
        assert_eq!(
            a.preference.map(|p| (p.color, p.strength)),
            Some((B, Strength::Strong))
        );
        assert!(colour::rank_decides(a, b));
        let forbidden = HashSet::new();
        for edition in [DutchEdition::Dutch2017, DutchEdition::Dutch2025] {
            let inp = Input {
                players: &players,
                edition,
                initial: W,
                forbidden: &forbidden,
                one_point: Points(10),
            };
            let compat = Compat::new(&inp);
            let all: Vec<usize> = (0..players.len()).collect();
            let ctx = BracketCtx::new(
                &players,
                edition,
                W,
                Points(10),
                Members {
                    bracket: &all,
                    mdps: &[],
                    next: &[],
                    next_last: false,
                },
                true,
                true,
            );
            let lay = Layout::new(&ctx);
            let mut built = None;
            let st = audited(|| built = Some(build(&inp, &compat, &all, &ctx, &lay)));
            assert_eq!(st.graphs, 1);
            assert_eq!(st.pairs, 28);
            // Four types (short or long history, topscorer or not, the
            // topscorers first): the ordered type pairs of the players'
            // pairs between a short and a long history are (T0, T1),
            // (T0, T3), (T1, T2), (T2, T3) and (T3, T2).
            assert_eq!(st.per_pair_cells, 5, "{st:?}");
            // Computed: the 16 pairs between a short and a long history,
            // and the first pair of each of the other 4 cells.
            assert_eq!(st.from_table, 28 - 16 - 4, "{st:?}");
            assert!(built.is_some_and(|b| b.edges.len() == 28));
        }
    }
}
