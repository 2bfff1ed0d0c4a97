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
rating-col-change = Chg
rating-col-new = New
rating-col-round = Rd
rating-col-opponent = Opp
rating-col-opponent-rating = ORtg
rating-col-result = Res
rating-games = Games
rating-games-legend = Each player's rated games: opponent, opponent's rating, rating difference D (capped at 400), expected score PD, result and change.
rating-summary = { $games } games, change { $change }
rating-list-differences = Differences from the FIDE rating list

## The language switch: each language's name for itself

lang-own-name = English

## The report site and the app's pages

event-untitled = Tournament
nav-home = Home
nav-players = Start list
nav-rounds = Rounds
nav-next = Next round
nav-standings = Standings
nav-crosstable = Crosstable
nav-prizes = Prizes
nav-rating = Rating
nav-check = Check
page-prizes = Prize statement
page-rating = Rating changes (FIDE B.02)
info-event = Event
info-place = Place
info-dates = Dates
info-chief-arbiter = Chief arbiter
info-deputy-arbiters = Deputy arbiters
info-time-control = Time control
info-rounds = Rounds
info-rounds-of = { $total } ({ $played } with results)
info-rounds-played = { $played } with results
info-system = System
info-tiebreaks = Tie-breaks
info-tiebreak-rules = Tie-break rules
info-tiebreak-edition = C.07 edition { $edition }
info-players = Players
date-range = { $from } to { $to }
index-pages = Pages
index-round = Round { $round }
index-pairings = pairings and results
index-standings-after = standings after round { $round }
index-check = check
index-final-standings = Final standings
index-categories = Categories
index-next = Next round: the pairing by the FIDE Dutch system
col-no = No
col-fide-id = FIDE id
col-born = Born
col-board = Bo.
col-white = White
col-black = Black
col-result = Result
col-kind = Kind
col-points-long = Points
col-round = Round
col-colour = Colour
col-opponent = Opponent
col-points-after = Pts after
col-expected = Expected
col-change = Change
colour-white = white
colour-black = black
bye-pab = PAB (pairing-allocated bye)
bye-half = half-point bye
bye-full = full-point bye
bye-zero = zero-point bye
bye-not-paired = not paired
bye-not-paired-head = Not paired
bye-withdrawn = withdrawn
bye-free = free (odd field: no game, no point)
round-title = Round { $round }
round-heading = Round { $round }: pairings and results
round-pairing-title = Round { $round } pairing
round-selector = Round
round-date = Date
round-check = Check ({ $system })
round-explanation = explanation
round-byes = Byes and absences
rounds-pairings = Pairings and results
rounds-boards = { $n } boards
rounds-after = after round { $round }
next-heading = Round { $round }: pairing by the FIDE Dutch system
next-paired-with = Paired with { $edition } ({ $source }; { $reason }).
berger-single = single round robin
berger-double = double round robin
berger-heading = Round { $round }: the Berger table ({ $table })
berger-note = Round { $round } of the Berger table for { $players } players (FIDE C.05 Annex 1), by their pairing numbers.
verdict-conform = conform
verdict-colours-differ = colours-differ
verdict-differs = differs
verdict-illegal = illegal
verdict-no-legal-pairing = no-legal-pairing
verdict-not-checked = not-checked
verdict-inconsistent = inconsistent
standings-final-title = Final standings (after round { $round })
standings-selector = After round
standings-same = : the same ranking as the table above.
standings-shared-note = A rank written as "3." with "=" is shared: those players are equal after every tie-break.
standings-narrow = On a narrow screen the starting number, title, federation, rating are left out: the player's page has them.
standings-narrow-many = On a narrow screen the starting number, title, federation, rating and the tie-breaks after the third are left out: the player's page has them.
standings-header-line = Standings after round { $round }; tie-break rules: C.07 edition { $edition } ({ $how })
edition-requested = as requested
edition-by-date = by event date { $date }
edition-no-date = no event date: rules in force now
site-category = Category { $name }
crosstable-title = Crosstable after round { $round }
crosstable-round = { $round }.Rd
crosstable-legend = Cells: opponent's starting number, colour (w/b), result (1, ½, 0; + and - for forfeits); -1 pairing-allocated or full-point bye, -½ half-point bye, -0 zero-point bye or not paired.
player-start-number = Starting number
player-federation = Federation
player-rating = Rating
player-rank = Rank
player-rating-change = Rating change (FIDE B.02)
player-rating-line = ; score { $score } of { $games }; expected { $expected }; change { $change }.
player-prize = { $category }: { $money } { $currency } gross{ $awards_count ->
        [0] {""}
       *[other] , { $awards }
    }
check-heading = Pairing check, round by round
check-title = Pairing check
check-summary = { $conform } of { $rounds } rounds conform.
check-system = System
check-edition = Dutch system edition
check-every-round = Check every round
check-verdict = Verdict
check-colours = Boards whose colours differ from the rules':
check-recorded = Recorded
check-rules = Rules
check-why = Why
check-pairs = Pairs only one side made:
check-recorded-only = Recorded only
check-rules-only = Rules only
check-first-bracket = First differing bracket
check-criterion = Criterion
check-position-brackets = The position before round { $round }: { $players } players by bracket
check-position-groups = The position before round { $round }: { $players } players by score group
check-col-pair = Pair
check-col-colours = Colours
check-col-preference = Preference
check-col-float = Float
check-col-top = Top
check-yes = yes
check-legend = Pts: score before the round; Pair: pairing score (with acceleration); CD: colour difference; Float: the round before last, then the last round (D down, U up); PAB: whether a pairing-allocated bye may be given; Top: topscorer (C.04.3).
upload-subtitle = tournament files in the browser
upload-title = Open a tournament file
upload-intro = Any file <code>arbiter</code> reads: TRF (TRF16, TRF-2026, TRF(x), TRF(bx)), chess-arbiter JSON, Swiss-Manager TUNX, XML, or player and pairing exports. The file stays in this program's memory; nothing is written to disk.
upload-file = Tournament file
upload-profile = Profile (TOML, optional)
upload-section = Section of the profile (<code>[sections.KEY]</code>, optional)
upload-section-placeholder = KEY, e.g. senior
upload-system = Pairing system for the check
upload-system-file = as the file says
upload-open = Open
upload-limit = Files up to { $mb } MB.

## Prize statement on a page

prize-ranking-head = Ranking
prize-html-separated = next separated by { $tiebreak }
prize-html-gross = Gross
prize-html-net = Net
prize-html-not-required = not required
prize-html-violated = VIOLATED

## The app

app-download = Download { $what }
app-open-another = Open another file
app-download-trf16 = Download TRF-16 for FIDE
hall-all-sections = All sections
hall-public = Public pages
hall-desk = Desk
hall-results = Results
hall-players = Players
hall-byes = Byes
hall-pairing = Pairing
hall-log = Log
hall-login-title = Arbiters' login
hall-setup-title = First-run setup
hall-sections = Sections
hall-logout = Log out
hall-arbiters = Arbiters
hall-section = Section
hall-round-of = { $round } of { $rounds }
hall-not-started = not started
hall-live-note = These pages follow the event as it is run: a new result or pairing appears by itself.
hall-events = Events
hall-another-file = Another tournament file to read?
hall-open-one = Open one
hall-memory-only = { " " }(kept in memory only).
hall-logged-in = Logged in as { $user }.
hall-to-desk = To the desk
hall-name = Name
hall-password = Password
hall-login = Log in
hall-no-accounts = This event has no arbiters' accounts yet. On the server's own machine,
hall-setup-link = set up the chief arbiter's account
hall-elsewhere = ; elsewhere,{ " " }
hall-back = Back
tb-wins-forfeits = number of wins including forfeit wins, byes not counted
edition-dutch-2017 = FIDE Dutch 2017
edition-dutch-2025 = FIDE Dutch 2025
edition-dutch-2025-long = FIDE Dutch 2025 (C.04.3 from 2026-02-01)
rating-col-games = N
rating-col-score = W
rating-col-expected = We
rating-col-k-change = K(W-We)
c07-edition-before = pre{ $year }
rating-csv-rules = rules
rating-csv-kind = kind
rating-csv-k-reason = k_reason
rating-csv-change-rounded = change_rounded
rating-csv-publishable = publishable
rating-csv-performance = performance

# Arbiters' desk of the event app (issue 30, hall): desk, results, pairing,
# players, byes, log, print, login/setup, error pages and the desk's messages.
desk-role = { $role ->
    [chief] chief
   *[other] deputy
}
desk-col-next = Next
desk-draft-note = { " " }(draft of round { $round })
desk-boards-entered = { $entered } of { $boards } boards
desk-pair = Pair
desk-print-label = Print:
desk-print-pairings = pairings
desk-print-alphabetical = by name
desk-print-slips = slips
desk-print-standings = standings
desk-print-prizes = prizes
desk-results-title = Results, round { $round }
desk-results-none = No published round to enter results in.
desk-results-none-range = No published round to enter results in (rounds 1 to { $published }).
desk-results-help = { $section }, round { $round }. Type a result in each box ({ $forms }); Enter goes to the next board. Or type the board and its result in the quick box:
desk-results-help-more = A changed result is a correction: the old value is shown beside it. Save sends only what you changed; a board someone else changed meanwhile is not overwritten.
desk-result-forms = 1-0, 0-1, 1/2 (½-½, =), +-, -+, --, 0-0, ?
desk-quick-entry = Quick entry
desk-save = Save
desk-col-bd = Bd
desk-col-white = White
desk-col-black = Black
desk-col-result = Result
desk-col-was = Was
desk-result-of-board = result of board { $board }
desk-other-rounds = Other rounds:
desk-pair-status = { $section }: { $published ->
    [0] no round published yet
   *[other] { $rounds ->
        [0] round { $published } published
       *[other] round { $published } of { $rounds } published
    }
}{ $draft ->
    [0] .
   *[other] ; the draft of round { $draft } is waiting.
}
desk-draft-title = Draft of round { $round }
desk-col-manual = Changed by hand
desk-bye-pab = { $name } (pairing-allocated bye)
desk-check = Check
desk-round-robin = A round robin: the Berger table is the pairing.
desk-change-legend = Change by hand (C.04.1: recorded with its reason, named by check)
desk-swap = Swap players
desk-swap-and = and
desk-flip = Exchange the colours of board
desk-flip-after = { "" }
desk-first-player = first player's number
desk-second-player = second player's number
desk-board = board
desk-reason = Reason
desk-change-submit = Change the draft
desk-publish = Publish round { $round }
desk-repair = Pair the draft again
desk-pair-draft = Pair round { $round } as a draft
desk-pair-publish = Pair and publish round { $round }
desk-nothing-changed = nothing changed on the sheet
desk-sheet-bad = nothing written: the sheet has lines that are not results
desk-bad-old = board { $board }: the page's old value "{ $found }" is not a result
desk-bad-empty = board { $board }: a result cannot be emptied ({ $old } stays); enter the corrected result instead
desk-bad-result = board { $board }: expected a result { $forms }, found "{ $found }"
desk-published = round { $round } of { $section } published
desk-published-as-drafted = round { $round } of { $section } published (the draft as it was)
desk-paired-draft = round { $round } of { $section } paired as a draft: check it, change it if needed, publish it
desk-changed = draft of round { $round } changed by hand; the verdict below is check's on the changed draft
desk-form-missing = expected the form's section and round, found them missing
desk-field = { $field ->
    [round] round
    [board] board
    [a] a
    [b] b
    [player] player
    [from_round] from_round
    [first_round] first_round
    [last] last
   *[other] { $field }
}
desk-not-number = { $field }: expected a whole number, found "{ $found }"
desk-no-number = { $field }: expected a whole number, found nothing
desk-undo-legend = Undo step { $seq }: { $what }
desk-undo = Undo step { $seq }
desk-col-step = Step
desk-col-when = When (UTC)
desk-col-arbiter = Arbiter
desk-col-what = What
desk-col-why = Why
desk-undone = { " " }(undone)
desk-undo-done = step { $seq }: step { $undone } undone
desk-undo-moved = expected step { $expected } to be the last one to undo, found { $found }: someone changed the event since the page was opened; look at the log again
desk-undo-none = none
desk-search-legend = Search the FIDE rating list ({ $list })
desk-fide-id-or-name = FIDE id or name
desk-search = Search
desk-col-fide-id = FIDE id
desk-col-name = Name
desk-col-title = Title
desk-col-fed = Fed
desk-col-born = Born
desk-col-std = Std
desk-col-no = No
desk-col-rating = Rating
desk-col-category = Category
desk-category = category
desk-first-round = First round
desk-register = Register
desk-more-hits = The first { $n } hits; give more of the name.
desk-no-hit = No player of the list matches { $q }.
desk-register-legend = Register a player in { $section }
desk-late = Rounds missed are absences (zero-point byes), e.g. late for the technical meeting
desk-name = Name
desk-fide-id = FIDE id
desk-rating = Rating
desk-federation = Federation
desk-title = Title
desk-sex = Sex
desk-birth = Birth (YYYY, YYYY-MM-DD)
desk-not-in-list = fide_id: expected a player of the FIDE list, found no { $id }
desk-no-name = name: expected the player's name, found nothing
desk-bad-rating = rating: expected a whole number up to 65535, found "{ $found }"
desk-bad-sex = sex: expected M or F, found "{ $found }"
desk-bad-kind = kind: expected half, zero or none, found "{ $found }"
desk-player-data = the player's data:
desk-registered = step { $seq }: player registered
desk-player-changed = step { $seq }: player { $n } changed
desk-player-title = Player { $n }
desk-player-legend = Player { $n }: { $name }
desk-all-players = All players
desk-no-player = section { $section }: expected a player's number, found { $n }
desk-byes-title = Byes and withdrawals
desk-bye-legend = A bye for a round not yet paired
desk-player = Player
desk-round = Round
desk-kind = Kind
desk-bye-half-asked = half-point bye (requested)
desk-bye-zero-absent = zero-point bye (absent)
desk-bye-take-back = take the bye back
desk-record = Record
desk-withdraw-legend = Withdraw a player
desk-not-paired-from = Not paired from round
desk-withdraw = Withdraw
desk-byes-recorded = Byes recorded for the rounds to come
desk-col-player = Player
desk-col-bye = Bye
desk-none = None.
desk-bye-kind = { $code ->
    [H] half-point bye
    [F] full-point bye
    [Z] zero-point bye (absent)
   *[U] pairing-allocated bye
}
desk-bye-recorded = step { $seq }: bye of player { $player } in round { $round } recorded
desk-withdrawn = step { $seq }: player { $player } withdrawn
desk-print = Print
desk-print-note = A4; the header, menu and this line are not printed.
desk-col-rtg = Rtg
desk-col-pts = Pts
desk-col-colour = Colour
desk-col-opponent = Opponent
desk-colour = { $colour ->
    [white] White
   *[black] Black
}
desk-opp-bye = bye
desk-opp-not-paired = not paired
desk-slip-head = { $event } · round { $round } · board { $board }
desk-sign-white = White's signature
desk-sign-black = Black's signature
desk-print-title = { $section }: { $what ->
    [pairings] round { $round }, pairings by board
    [alphabetical] round { $round }, pairings by name
    [slips] round { $round }, result slips
    [standings] standings
   *[prizes] prize list
}
desk-no-round-played = No round has been played yet.
desk-no-prizes = The event's profile has no prizes.
desk-status = { $status ->
    [400] Bad Request
    [401] Unauthorized
    [403] Forbidden
    [404] Not Found
    [429] Too Many Requests
    [503] Service Unavailable
   *[other] Internal Server Error
}
desk-not-found = expected an event this server hosts and one of its pages, found neither at this address
desk-no-session = expected an arbiter's session to change the event, found none: log in first
desk-bad-csrf = expected the form's CSRF token of this session, found none or another: reload the page and send it again
desk-chief-only = expected the chief arbiter: this is the chief arbiter's to do
desk-no-random = cannot start a session: the system's random source failed
desk-cross-site = expected a login form of this app, found one posted from another site
desk-too-many = too many failed logins from this address or for this account: wait { $wait } s
desk-wrong-password = wrong name or password
desk-login-failed = the login could not be checked:
desk-setup-local = the first-run setup answers only on the server's own machine (http://localhost/…); elsewhere use `arbiter user add`
desk-passwords-differ = the two passwords differ
desk-has-accounts = expected an event without accounts for the first-run setup, found accounts: log in
desk-event-unreadable = the event file could not be read:
desk-setup-intro = The event has no accounts yet. Make the chief arbiter's account (this page answers only on the server's own machine).
desk-password-min = Password (at least { $min } characters)
desk-password-again = Password again
desk-make-account = Make the account
# The log's steps (the wording of `arbiter event log`, in the page's language).
desk-step-create = event "{ $name }" created with section(s) { $sections }
desk-step-register-one = { $section }: registered { $name }
desk-step-register-late = { $section }: registered { $name } (paired from round { $round })
desk-step-register-many = { $section }: registered { $n } players
desk-step-import = { $section }: imported { $n } players and { $rounds } round(s) from { $source }
desk-step-edit = { $section }: player { $number } ({ $name }) edited
desk-step-pair = { $section }: round { $round } paired ({ $edition }, { $boards } boards){ $published ->
    [yes] , published
   *[no] { " " }as a draft
}
desk-step-swap = { $section }: draft of round { $round } changed by hand: players { $a } and { $b } swapped; reason: { $reason }
desk-step-flip = { $section }: draft of round { $round } changed by hand: colours of board { $board } exchanged; reason: { $reason }
desk-step-publish = { $section }: round { $round } published
desk-step-result = r{ $round } b{ $board } { $result }
desk-step-result-was = r{ $round } b{ $board } { $result } (was { $old })
desk-step-results = { $section }: result(s) { $list }
desk-step-results-more = { $section }: result(s) { $list } and { $more } more
desk-step-bye = { $section }: player { $number }, round { $round }: bye { $code }
desk-step-bye-back = { $section }: player { $number }, round { $round }: bye taken back
desk-step-withdraw = { $section }: player { $number } withdrawn from round { $round }
desk-step-back = { $section }: player { $number } brought back
desk-step-undo = undo: back to the state before step { $step }
desk-list-sep = ,{ " " }
desk-edition = { $edition ->
    [round-robin] round-robin
   *[other] { $edition }
}
desk-quick-bad = type a board number, a space and a result: 12 1-0
desk-quick-no-board = no board { $board } in this round
## Prize statement: the engine's reasons and rules in words, tie-break short names (issue 30, prizes)

tb-wins-forfeits-short = WIN+F
# Joiners of a reason's clauses and lists, and a parenthesis.
prize-clause-sep = { "; " }
prize-clause-comma = { ", " }
prize-list-sep = { ", " }
prize-paren = { " " }({ $text })
# What separated two groups of a ranking (besides a tie-break).
prize-sep-points = points
prize-sep-lot = lot
prize-sep-category-order = category order
prize-rule-pooled = players still tied after all tie-breaks share equally the prizes of the places they occupy
prize-rule-hort = Hort system: players on equal points keep { $keep }% of the prize of their tie-break place; the rest of the prizes of their places is shared equally
prize-rule-no-sharing = no sharing: the tie-breaks decide
prize-rule-rounding-down = shares rounded down to { $unit }; the remainder is kept by the organiser
prize-rule-rounding-nearest = shares rounded to the nearest { $unit }, halves up; the difference is shown as the remainder
prize-unit-whole = whole units
prize-unit-whole-currency = whole { $currency }
prize-unit-multiples = multiples of { $unit }
prize-rule-one-prize = one prize per player: the highest { $basis ->
        [net] net
       *[gross] gross
    } amount, then the higher value of non-cash awards, then the priority order{ $count ->
        [0] {""}
       *[other] { " " }({ $priority })
    }
prize-rule-cumulative = prizes are cumulative
prize-rule-awards-listed = non-cash awards of shared places go by the listed order
prize-rule-awards-best = each player sharing places receives the non-cash awards of the best shared place
prize-rule-pro-rata = categories with fewer than { $min } players have their cash prizes reduced in proportion (players / { $min }), rounded down
prize-rule-tax = tax of { $rate }% withheld from each payment of { $threshold } or more, rounded half up to a whole unit
prize-value-nothing = nothing
prize-reason-tax = tax { $rate }% withheld: { $gross } is at least { $min }
prize-reason-no-tax = no tax: { $gross } is below { $min }
prize-reason-points = { $points } points
prize-reason-behind = behind #{ $player } on { $tiebreak }
prize-reason-ahead = ahead of #{ $player } on { $tiebreak }
prize-reason-moved-up = ranked { $rank } in the category, moves up because { $players } took a prize elsewhere
prize-reason-place = { $place }: { $boundary }
prize-reason-listed-order = tied after all tie-breaks, no sharing: place by listed order
prize-reason-pooled = { $places }: { $count } players tied on { $points } points after all tie-breaks{ $context }
prize-reason-pool = pool { $cash } = { $pool }, { $share } each
prize-reason-rounded = { $pool } / { $count } rounded { $mode ->
        [down] down
       *[nearest] to nearest
    } to { $unit }; remainder { $remainder }
prize-reason-no-cash = no cash for these places
prize-reason-awards-listed = non-cash awards cannot be shared: given by listed order
prize-reason-awards-best = non-cash awards: each receives those of the best place
prize-reason-hort = { $places }: { $count } players on { $points } points; Hort system: each keeps { $keep }% of the prize of the place the tie-breaks give, the other { $rest }% of { $cash } = { $pool } is split equally: { $shares }
prize-reason-hort-remainder = remainder { $remainder } (rounding)
prize-why-higher-value = higher value
prize-why-higher-awards = equal cash, higher value of non-cash awards
prize-why-priority = equal value, { $category } comes first in the priority order
prize-choice = would be { $lost } here ({ $lost_value }); took { $category } { $kept } ({ $kept_value }) instead: one prize per player, { $why }
prize-taken-in = prize taken in { $category }
prize-reduction = { $n ->
        [one] { $n } player
       *[other] { $n } players
    }, fewer than { $min }: cash prizes reduced to { $n }/{ $min } and rounded down to { $unit }: { $list }
prize-unawarded-cash = no players: its prizes are not awarded ({ $cash } of cash not paid)
prize-unawarded = no players: its prizes are not awarded
# The tie-breaks of the statement: `edition` is the C.07 edition as the catalogue words it.
prize-tiebreaks-edition = Tie-breaks (edition { $edition }): { $list }
# The colon after a label in the statement's text.
prize-colon = { ": " }

# FIDE mode and the pairing-integrity events (issue #33)
desk-step-fide-mode-left = FIDE mode left (for good)
hall-fide-mode-off = Not in FIDE mode: left at step { $step } by { $arbiter } ({ $reason }); it can never be entered again.
hall-confirm-warning = I confirm the warning shown for this step (a second half-point bye)
## One wording of the event log and of entering results, for `arbiter event` and the desk (issue 30, words)
event-log-reason = ;{ " " }reason: { $reason }
event-log-undone = { "  " }[undone]
event-board = board { $board }
event-board-of-round = board { $board } of round { $round }
event-entered = { $board }: { $result }
event-entered-unchanged = { $board }: { $result } (already recorded)
event-entered-corrected = { $board }: { $result } (corrected from { $old })
event-entered-conflict = { $board }: { $result } NOT written: the board changed since the page was opened; it holds { $found }
event-entered-conflict-by = { $board }: { $result } NOT written: the board changed since the page was opened; it holds { $found } by { $by } at { $at }
event-no-result = no result
# Team standings: heads and the team tie-breaks' names (C.07 art. 13).
col-team = Team
col-mp = MP
col-gp = GP
team-standings-after = Team standings after round { $round }
tb-team-MP = Match points
tb-team-GP = Game points
tb-team-MPvGP = Game points as the secondary score
tb-team-MPvGP-short = MPvGP
tb-team-EDE = Extended direct encounter
tb-team-EDE-short = EDE{ $boards }
tb-team-ESB = Extended Sonneborn-Berger
tb-team-ESB-short = E{ $opponent }{ $own }SB
tb-team-on-gp = :GP
tb-team-name-on-gp = { $name } on game points
tb-team-forfeits-played = { $name }, forfeited matches as played
# Why an event operation did nothing, on the desk (the particulars follow, marked English).
event-error-access = the event file cannot be opened:
event-error-exists = expected a new file name for the event, found an existing file; nothing changed
event-error-not-event = expected a chess-arbiter event file (SQLite); nothing changed; found:
event-error-newer = written by a newer chess-arbiter (event schema { $version }; this program reads up to { $supported }); update the program, nothing changed
event-error-corrupt = the event file is damaged:
event-error-busy = another arbiter's step held the event file for more than { $seconds } s; nothing written, try again
event-error-refused = refused, nothing written:
event-error-no-pairing = no legal pairing, nothing written:
event-error-storage = the event file could not be written, nothing changed:
desk-request-failed = the request failed:
event-error-unconfirmed = a level-{ $level } warning: confirm the step to make it; nothing written:
event-error-fide-mode-left = FIDE mode was left at step { $step } and can never be entered again; nothing written
