# chess-arbiter: English catalogue (the reference language: every id here must
# also be in every other catalogue; `cargo test --lib i18n` checks it).
# Fluent syntax: https://projectfluent.org/fluent/guide/

## Forms of the language

# Digit grouping of amounts: NT$45,000.
number-group-separator = ,
# An amount with its currency label from the profile (`currency = "NT$"`).
amount = { $currency }{ $amount }
# 13 August 2023
date = { $day } { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
# 1st, 2nd, 3rd, 4th, 11th, 21st
ordinal = { NUMBER($n, type: "ordinal") ->
        [one] { $n }st
        [two] { $n }nd
        [few] { $n }rd
       *[other] { $n }th
    }
# Places 1-3 shared: "1st-3rd".
places-range = { NUMBER($first, type: "ordinal") ->
        [one] { $first }st
        [two] { $first }nd
        [few] { $first }rd
       *[other] { $first }th
    }-{ NUMBER($last, type: "ordinal") ->
        [one] { $last }st
        [two] { $last }nd
        [few] { $last }rd
       *[other] { $last }th
    }
players = { $n ->
        [one] { $n } player
       *[other] { $n } players
    }

## Column headings of text, CSV and HTML tables

col-rank = Rk
col-start-rank = SNo
col-title = Title
col-name = Name
col-federation = FED
col-rating = Rtg
col-points = Pts
col-category = Category
col-place = Place
col-gross = Gross
col-tax = Tax
col-net = Net
col-awards = Awards
col-reason = Reason
col-note = Note

## Standings

standings-title = Standings after round { $round }
standings-category = Category { $name } ({ players })
standings-category-same = Category { $name } ({ players }): the same as the overall table
standings-shared = Players with the same rank are tied after every tie-break.
standings-by-lot = Players tied after every tie-break were separated by lot.

## Tie-breaks: C.07 names (art. 6-10) and short forms, keyed by code

tb-article = { $name } (C.07 art. { $article })
tb-self-defined = self-defined: { $description }
tb-DE = Direct Encounter
tb-DE-short = DE
tb-WIN = Number of Wins
tb-WIN-short = WIN
tb-WON = Number of Games Won
tb-WON-short = WON
tb-BPG = Number of Games Played with Black
tb-BPG-short = BPG
tb-BWG = Number of Games Won with Black
tb-BWG-short = BWG
tb-PS = Sum of Progressive Scores
tb-PS-short = PS
tb-REP = Rounds one Elected to Play
tb-REP-short = REP
tb-STD = Standard Points
tb-STD-short = STD
tb-TPN = Tournament Pairing Number
tb-TPN-short = TPN
tb-BH = Buchholz
tb-BH-short = BH
tb-AOB = Average of Opponents' Buchholz
tb-AOB-short = AOB
tb-FB = Fore Buchholz
tb-FB-short = FB
tb-SB = Sonneborn-Berger
tb-SB-short = SB
tb-KS = Koya System
tb-KS-short = KS
tb-ARO = Average Rating of Opponents
tb-ARO-short = ARO
tb-TPR = Tournament Performance Rating
tb-TPR-short = TPR
tb-PTP = Perfect Tournament Performance
tb-PTP-short = PTP
tb-APRO = Average Performance Rating of Opponents
tb-APRO-short = APRO
tb-APPO = Average Perfect Performance of Opponents
tb-APPO-short = APPO
tb-RTNG = Rating
tb-RTNG-short = RTNG
# Modifiers (C.07 art. 14): BH/M1 = Median Buchholz 1, BH/C1 = Buchholz Cut 1.
tb-median = Median { $name } { $n }
tb-cut = { $name } Cut { $n }

## Prize statement

prize-statement = Prize statement: { $title }
prize-tiebreaks = Tie-breaks (edition { $edition }): { $list }
prize-rules = Rules:
prize-ranking = Ranking:
prize-prizes = Prizes:
prize-none = (none)
prize-why = why
prize-reduced = Reduced
prize-not-awarded = Not awarded
prize-next-separated = (next separated by { $tiebreak })
prize-skipped = skipped
prize-totals = Totals
prize-total-gross = Gross paid
prize-total-tax = Tax withheld
prize-total-net = Net paid
prize-total-remainder = Rounding remainder
prize-total-reduced = Cut by pro-rata
prize-total-unawarded = Not awarded
prize-total-players = Players awarded
prize-total-awards = Awards
prize-one-per-player = One prize per player
prize-one-not-required = not required (cumulative)
prize-one-ok = ok
prize-one-violated = VIOLATED by { $players }
prize-notes = Notes:
# What the regulation calls each kind of prize.
prize-kind-cash = cash prize
prize-kind-tax = tax
award-trophy = trophy
award-medal = medal
award-certificate = certificate
award-goods = goods

## Rating report

rating-title = Rating report
