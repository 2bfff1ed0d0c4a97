# chess-arbiter：繁體中文（臺灣）目錄。每個 id 都須與 locales/en/arbiter.ftl 相同。

## 語言的形式

number-group-separator = ,
# 金額：NT$45,000（與獎金表相同，幣別取自規程檔的 currency）
amount = { $currency }{ $amount }
# 2023年8月13日
date = { $year }年{ $month }月{ $day }日
# 第1名
ordinal = 第{ $n }名
places-range = 第{ $first }至{ $last }名
players = { $n } 人

## 表格欄位

col-rank = 名次
col-start-rank = 序號
col-title = 頭銜
col-name = 姓名
col-federation = 協會
col-rating = 積分
col-points = 得分
col-category = 組別
col-place = 名次
col-gross = 獎金
col-tax = 稅金
col-net = 實領
col-awards = 獎項
col-reason = 說明
col-note = 備註

## 成績

standings-title = 第 { $round } 輪後成績
standings-category = { $name }（{ players }）
standings-category-same = { $name }（{ players }）：與總排名相同
standings-shared = 名次相同者經所有同分比較後仍同分。
standings-by-lot = 經所有同分比較後仍同分者，以抽籤決定名次。

## 同分比較：FIDE C.07 名稱（第 6-10 條）與簡稱

tb-article = { $name }（C.07 第 { $article } 條）
tb-self-defined = 自訂：{ $description }
tb-DE = 直接對局
tb-DE-short = 直接對局
tb-WIN = 勝局數
tb-WIN-short = 勝局
tb-WON = 實戰勝局數
tb-WON-short = 實勝
tb-BPG = 執黑局數
tb-BPG-short = 執黑
tb-BWG = 執黑勝局數
tb-BWG-short = 黑勝
tb-PS = 累進分
tb-PS-short = 累進
tb-REP = 選擇出賽輪數
tb-REP-short = 出賽
tb-STD = 標準分
tb-STD-short = 標準分
tb-TPN = 編排序號
tb-TPN-short = 序號
tb-BH = 布赫茲
tb-BH-short = 布赫茲
tb-AOB = 對手平均布赫茲
tb-AOB-short = 對手布赫茲
tb-FB = 前布赫茲
tb-FB-short = 前布赫茲
tb-SB = 索伯格
tb-SB-short = 索伯格
tb-KS = 小山制
tb-KS-short = 小山
tb-ARO = 對手平均等級分
tb-ARO-short = 對手均分
tb-TPR = 賽事表現分
tb-TPR-short = 表現分
tb-PTP = 完美表現分
tb-PTP-short = 完美表現
tb-APRO = 對手平均表現分
tb-APRO-short = 對手表現
tb-APPO = 對手平均完美表現分
tb-APPO-short = 對手完美表現
tb-RTNG = 等級分
tb-RTNG-short = 等級分
tb-median = 中位{ $name }（去頭尾各 { $n }）
tb-cut = 截尾{ $name }（去最低 { $n }）

## 獎金清單

prize-statement = 獎項清單：{ $title }
prize-tiebreaks = 同分比較（{ $edition } 版）：{ $list }
prize-rules = 規則：
prize-ranking = 名次：
prize-prizes = 獎項：
prize-none = （無）
prize-why = 說明
prize-reduced = 獎金依比例遞減
prize-not-awarded = 不頒發
prize-next-separated = （與下一名以 { $tiebreak } 區分）
prize-skipped = 略過
prize-totals = 合計
prize-total-gross = 獎金總額
prize-total-tax = 代扣稅金
prize-total-net = 實發金額
prize-total-remainder = 進位餘額
prize-total-reduced = 依比例遞減金額
prize-total-unawarded = 未頒發
prize-total-players = 得獎人數
prize-total-awards = 獎項
prize-one-per-player = 每人限領一項獎
prize-one-not-required = 不限（可兼得）
prize-one-ok = 符合
prize-one-violated = 違反：{ $players }
prize-notes = 附註：
prize-kind-cash = 獎金
prize-kind-tax = 稅金
award-trophy = 獎盃
award-medal = 獎牌
award-certificate = 獎狀
award-goods = 獎品

## 等級分報告

rating-title = 等級分報告
rating-col-change = 變動
rating-col-new = 新分
rating-col-round = 輪
rating-col-opponent = 對手
rating-col-opponent-rating = 對手積分
rating-col-result = 結果
rating-games = 對局
rating-games-legend = 每位棋士的計分對局：對手、對手積分、積分差 D（上限 400）、預期得分 PD、結果與變動。
rating-summary = { $games } 局，變動 { $change }
rating-list-differences = 與 FIDE 等級分表的差異

## 語言切換：各語言自己的名稱

lang-own-name = 中文

## 成績網站與網頁應用程式

event-untitled = 比賽
nav-home = 首頁
nav-players = 參賽名單
nav-rounds = 各輪
nav-next = 下一輪
nav-standings = 成績
nav-crosstable = 交叉表
nav-prizes = 獎項
nav-rating = 等級分
nav-check = 編排檢查
page-prizes = 獎項清單
page-rating = 等級分變動（FIDE B.02）
info-event = 賽事
info-place = 地點
info-dates = 日期
info-chief-arbiter = 裁判長
info-deputy-arbiters = 副裁判長
info-time-control = 比賽時限
info-rounds = 輪數
info-rounds-of = { $total }（已有 { $played } 輪結果）
info-rounds-played = 已有 { $played } 輪結果
info-system = 賽制
info-tiebreaks = 同分比較
info-tiebreak-rules = 同分比較規則
info-tiebreak-edition = C.07 { $edition } 版
info-players = 人數
date-range = { $from }至{ $to }
index-pages = 頁面
index-round = 第 { $round } 輪
index-pairings = 對戰與結果
index-standings-after = 第 { $round } 輪後成績
index-check = 檢查
index-final-standings = 最終成績
index-categories = 組別
index-next = 下一輪：依 FIDE 荷蘭制編排
col-no = 序號
col-fide-id = FIDE 編號
col-born = 出生年
col-board = 台次
col-white = 白方
col-black = 黑方
col-result = 結果
col-kind = 類別
col-points-long = 得分
col-round = 輪
col-colour = 執色
col-opponent = 對手
col-points-after = 賽後得分
col-expected = 預期得分
col-change = 變動
colour-white = 白
colour-black = 黑
bye-pab = 編排輪空（得 1 分）
bye-half = 半分輪休
bye-full = 一分輪休
bye-zero = 零分輪休
bye-not-paired = 未編排
bye-not-paired-head = 未編排
bye-withdrawn = 退賽
bye-free = 輪空（人數為奇數：無對局、不計分）
round-title = 第 { $round } 輪
round-heading = 第 { $round } 輪：對戰與結果
round-pairing-title = 第 { $round } 輪編排
round-selector = 輪次
round-date = 日期
round-check = 檢查（{ $system }）
round-explanation = 說明
round-byes = 輪空與缺席
rounds-pairings = 對戰與結果
rounds-boards = { $n } 台
rounds-after = 第 { $round } 輪後
next-heading = 第 { $round } 輪：依 FIDE 荷蘭制編排
next-paired-with = 以 { $edition } 編排（{ $source }；{ $reason }）。
berger-single = 單循環
berger-double = 雙循環
berger-heading = 第 { $round } 輪：伯格表（{ $table }）
berger-note = { $players } 人伯格表第 { $round } 輪（FIDE C.05 附錄 1），依編排序號。
verdict-conform = 符合
verdict-colours-differ = 執色不同
verdict-differs = 編排不同
verdict-illegal = 違規
verdict-no-legal-pairing = 無合規編排
verdict-not-checked = 未檢查
verdict-inconsistent = 資料不一致
standings-final-title = 最終成績（第 { $round } 輪後）
standings-selector = 第幾輪後
standings-same = ：與上表名次相同。
standings-shared-note = 名次後加「=」者為並列：經所有同分比較後仍同分。
standings-narrow = 窄螢幕不顯示序號、頭銜、協會、積分：請見棋士個人頁。
standings-narrow-many = 窄螢幕不顯示序號、頭銜、協會、積分及第三項以後的同分比較：請見棋士個人頁。
standings-header-line = 第 { $round } 輪後成績；同分比較規則：C.07 { $edition } 版（{ $how }）
edition-requested = 依指定
edition-by-date = 依賽事日期 { $date }
edition-no-date = 無賽事日期：採現行規則
site-category = { $name }
crosstable-title = 第 { $round } 輪後交叉表
crosstable-round = 第{ $round }輪
crosstable-legend = 格內：對手序號、執色（w 白／b 黑）、結果（1 勝、½ 和、0 負；+ 與 - 為不戰勝負）；-1 編排輪空或一分輪休，-½ 半分輪休，-0 零分輪休或未編排。
player-start-number = 序號
player-federation = 協會
player-rating = 積分
player-rank = 名次
player-rating-change = 等級分變動（FIDE B.02）
player-rating-line = ；得分 { $score }／{ $games } 局；預期 { $expected }；變動 { $change }。
player-prize = { $category }：獎金 { $currency }{ $money }{ $awards_count ->
        [0] {""}
       *[other] ，{ $awards }
    }
check-heading = 逐輪編排檢查
check-title = 編排檢查
check-summary = { $rounds } 輪中 { $conform } 輪符合。
check-system = 賽制
check-edition = 荷蘭制版本
check-every-round = 檢查每一輪
check-verdict = 結果
check-colours = 執色與規則不同的台次：
check-recorded = 紀錄
check-rules = 規則
check-why = 原因
check-pairs = 只在一方出現的對戰：
check-recorded-only = 僅紀錄
check-rules-only = 僅規則
check-first-bracket = 第一個不同的分組
check-criterion = 準則
check-position-brackets = 第 { $round } 輪前的局面：{ $players } 人，依分組
check-position-groups = 第 { $round } 輪前的局面：{ $players } 人，依同分組
check-col-pair = 編排分
check-col-colours = 執色
check-col-preference = 執色偏好
check-col-float = 浮動
check-col-top = 領先者
check-yes = 是
check-legend = 得分：該輪前得分；編排分：編排用分數（含加速）；CD：執色差；浮動：前兩輪與上一輪（D 下浮，U 上浮）；PAB：可否給予編排輪空；領先者：topscorer（C.04.3）。
upload-subtitle = 在瀏覽器中開啟比賽檔案
upload-title = 開啟比賽檔案
upload-intro = 可開啟 <code>arbiter</code> 讀得懂的任何檔案：TRF（TRF16、TRF-2026、TRF(x)、TRF(bx)）、chess-arbiter JSON、Swiss-Manager TUNX、XML，或棋士與對戰匯出檔。檔案只留在本程式的記憶體中，不寫入磁碟。
upload-file = 比賽檔案
upload-profile = 規程檔（TOML，可不選）
upload-section = 規程檔的分組（<code>[sections.KEY]</code>，可不填）
upload-section-placeholder = KEY，例如 senior
upload-system = 檢查所用的編排制度
upload-system-file = 依檔案所記
upload-open = 開啟
upload-limit = 檔案上限 { $mb } MB。

## 網頁上的獎項清單

prize-ranking-head = 名次
prize-html-separated = 與下一名以 { $tiebreak } 區分
prize-html-gross = 獎金
prize-html-net = 實領
prize-html-not-required = 不限
prize-html-violated = 違反

## 網頁應用程式

app-download = 下載 { $what }
app-open-another = 開啟其他檔案
app-download-trf16 = 下載 TRF-16（送 FIDE 用）
hall-all-sections = 所有分組
hall-public = 公開頁面
hall-desk = 裁判台
hall-results = 成績登錄
hall-players = 棋士
hall-byes = 輪休
hall-pairing = 編排
hall-log = 紀錄
hall-login-title = 裁判登入
hall-setup-title = 首次設定
hall-sections = 分組
hall-logout = 登出
hall-arbiters = 裁判
hall-section = 分組
hall-round-of = 第 { $round } 輪（共 { $rounds } 輪）
hall-not-started = 尚未開始
hall-live-note = 這些頁面隨賽事進行自動更新：新的結果或編排會自行出現。
hall-events = 賽事
hall-another-file = 要看其他比賽檔案？
hall-open-one = 開啟檔案
hall-memory-only = （只存在記憶體中）。
hall-logged-in = 已登入：{ $user }。
hall-to-desk = 前往裁判台
hall-name = 帳號
hall-password = 密碼
hall-login = 登入
hall-no-accounts = 本賽事尚無裁判帳號。請在伺服器本機
hall-setup-link = 設定裁判長帳號
hall-elsewhere = ；其他機器上請執行{ " " }
hall-back = 返回
tb-wins-forfeits = 勝局數（含不戰勝，輪空不計）
edition-dutch-2017 = FIDE 荷蘭制 2017 版
edition-dutch-2025 = FIDE 荷蘭制 2025 版
edition-dutch-2025-long = FIDE 荷蘭制 2025 版（C.04.3，2026-02-01 起）
rating-col-games = 局數
rating-col-score = 得分
rating-col-expected = 預期分
rating-col-k-change = K×(得分−預期分)
c07-edition-before = { $year } 年以前
rating-csv-rules = 規則
rating-csv-kind = 類別
rating-csv-k-reason = K 值依據
rating-csv-change-rounded = 變動（取整）
rating-csv-publishable = 可公布
rating-csv-performance = 表現分

## 獎項清單：獎項計算的理由與規則、同分比較簡稱（issue 30，prizes）

tb-wins-forfeits-short = 勝局+不戰勝
prize-clause-sep = ；
prize-clause-comma = ，
prize-list-sep = 、
prize-paren = （{ $text }）
prize-sep-points = 得分
prize-sep-lot = 抽籤
prize-sep-category-order = 組別名單順序
prize-rule-pooled = 經所有同分比較後仍同分者，平分其所佔名次的獎金
prize-rule-hort = 霍特制：同分棋士各保留依同分比較所得名次獎金的 { $keep }%，所佔名次獎金的其餘部分平均分配
prize-rule-no-sharing = 不平分獎金：依同分比較決定名次
prize-rule-rounding-down = 每人分得的獎金無條件捨去至{ $unit }；餘額由主辦單位保留
prize-rule-rounding-nearest = 每人分得的獎金四捨五入至{ $unit }；差額列為餘額
prize-unit-whole = 整數
prize-unit-whole-currency = 整數（{ $currency }）
prize-unit-multiples = { $unit } 的倍數
prize-rule-one-prize = 每人限領一項獎：先取{ $basis ->
        [net] 實領
       *[gross] 稅前
    }獎金較高者，其次取獎盃、獎牌等獎項價值較高者，再依優先順序{ $count ->
        [0] {""}
       *[other] （{ $priority }）
    }
prize-rule-cumulative = 獎項可兼得
prize-rule-awards-listed = 平分名次的獎盃、獎牌等獎項不能平分，依名單順序頒發
prize-rule-awards-best = 平分名次者各得所佔最佳名次的獎盃、獎牌等獎項
prize-rule-pro-rata = 參賽人數少於 { $min } 人的組別，獎金按比例（人數 / { $min }）遞減，無條件捨去
prize-rule-tax = 每筆 { $threshold } 以上的獎金代扣 { $rate }% 稅金，四捨五入至整數
prize-value-nothing = 無
prize-reason-tax = 代扣 { $rate }% 稅金：{ $gross } 達 { $min }
prize-reason-no-tax = 不扣稅金：{ $gross } 未達 { $min }
prize-reason-points = { $points } 分
prize-reason-behind = 以{ $tiebreak }次於 #{ $player }
prize-reason-ahead = 以{ $tiebreak }領先 #{ $player }
prize-reason-moved-up = 組內排名{ $rank }，因 { $players } 已在他組領獎而遞補
prize-reason-place = { $place }：{ $boundary }
prize-reason-listed-order = 經所有同分比較後仍同分，不平分獎金：依名單順序定名次
prize-reason-pooled = { $places }：{ $count } 人同為 { $points } 分，經所有同分比較後仍同分{ $context }
prize-reason-pool = 獎金合計 { $cash } = { $pool }，每人 { $share }
prize-reason-rounded = { $pool } / { $count }，{ $mode ->
        [down] 無條件捨去
       *[nearest] 四捨五入
    }至{ $unit }；餘額 { $remainder }
prize-reason-no-cash = 這些名次沒有獎金
prize-reason-awards-listed = 獎盃、獎牌等獎項不能平分：依名單順序頒發
prize-reason-awards-best = 獎盃、獎牌等獎項：各得所佔最佳名次的獎項
prize-reason-hort = { $places }：{ $count } 人同為 { $points } 分；霍特制：各保留依同分比較所得名次獎金的 { $keep }%，其餘 { $rest }%（{ $cash } = { $pool }）平均分配：{ $shares }
prize-reason-hort-remainder = 餘額 { $remainder }（進位）
prize-why-higher-value = 價值較高
prize-why-higher-awards = 獎金相同，獎盃、獎牌等獎項價值較高
prize-why-priority = 價值相同，{ $category } 優先
prize-choice = 本組應得{ $lost }（{ $lost_value }）；改領{ $category }{ $kept }（{ $kept_value }）：每人限領一項獎，{ $why }
prize-taken-in = 已在{ $category }領獎
prize-reduction = { $n } 人，少於 { $min } 人：獎金按 { $n }/{ $min } 遞減，無條件捨去至{ $unit }：{ $list }
prize-unawarded-cash = 無人參賽：獎項不頒發（獎金 { $cash } 未發）
prize-unawarded = 無人參賽：獎項不頒發
prize-tiebreaks-edition = 同分比較（C.07 版本：{ $edition }）：{ $list }
prize-colon = ：
