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

# Arbiters' desk of the event app (issue 30, hall): desk, results, pairing,
# players, byes, log, print, login/setup, error pages and the desk's messages.
desk-role = { $role ->
    [chief] 裁判長
   *[other] 副裁判
}
desk-col-next = 下一步
desk-draft-note = （第 { $round } 輪編排草案）
desk-boards-entered = 已登錄 { $entered }／{ $boards } 台
desk-pair = 配對
desk-print-label = 列印：
desk-print-pairings = 對戰表
desk-print-alphabetical = 依姓名
desk-print-slips = 成績單
desk-print-standings = 名次
desk-print-prizes = 獎項
desk-results-title = 第 { $round } 輪成績
desk-results-none = 沒有已公布的輪次可登錄成績。
desk-results-none-range = 沒有已公布的輪次可登錄成績（已公布第 1 至 { $published } 輪）。
desk-results-help = { $section }，第 { $round } 輪。在每台的欄位輸入結果（{ $forms }）；按 Enter 跳到下一台。也可以在快速登錄欄輸入台次與結果：
desk-results-help-more = 修改已登錄的結果即為更正：原結果顯示在旁邊。儲存只送出您修改的台次；其他裁判在此期間修改的台次不會被覆蓋。
desk-result-forms = 1-0、0-1、1/2（½-½、=）、+-、-+、--、0-0、?
desk-quick-entry = 快速登錄
desk-save = 儲存
desk-col-bd = 台次
desk-col-white = 白方
desk-col-black = 黑方
desk-col-result = 結果
desk-col-was = 原結果
desk-result-of-board = 第 { $board } 台結果
desk-other-rounds = 其他輪次：
desk-pair-status = { $section }：{ $published ->
    [0] 尚未公布任何輪次
   *[other] { $rounds ->
        [0] 已公布第 { $published } 輪
       *[other] 已公布第 { $published } 輪（共 { $rounds } 輪）
    }
}{ $draft ->
    [0] 。
   *[other] ；第 { $draft } 輪編排草案待公布。
}
desk-draft-title = 第 { $round } 輪編排草案
desk-col-manual = 人工調整
desk-bye-pab = { $name }（編排輪空）
desk-check = 編排檢查
desk-round-robin = 循環賽：以 Berger 表編排。
desk-change-legend = 人工調整配對（C.04.1：連同理由記錄，編排檢查時列出）
desk-swap = 交換選手
desk-swap-and = 與
desk-flip = 交換第
desk-flip-after = 台的白方與黑方
desk-first-player = 第一位選手的序號
desk-second-player = 第二位選手的序號
desk-board = 台次
desk-reason = 理由
desk-change-submit = 修改草案
desk-publish = 公布第 { $round } 輪
desk-repair = 重新配對草案
desk-pair-draft = 配對第 { $round } 輪（草案）
desk-pair-publish = 配對並公布第 { $round } 輪
desk-nothing-changed = 成績單沒有任何變更
desk-sheet-bad = 未寫入：成績單中有無法辨識的結果
desk-bad-old = 第 { $board } 台：頁面上的原值「{ $found }」不是結果
desk-bad-empty = 第 { $board } 台：結果不能清空（維持 { $old }）；請改為輸入更正後的結果
desk-bad-result = 第 { $board } 台：結果應為 { $forms }，收到「{ $found }」
desk-published = 第 { $round } 輪已公布
desk-published-as-drafted = 第 { $round } 輪已公布（依原草案）
desk-paired-draft = 第 { $round } 輪已配對為草案：請檢查，必要時調整，再公布
desk-changed = 第 { $round } 輪草案已人工調整；下方的檢查結果針對調整後的草案
desk-form-missing = 表單缺少組別與輪次
desk-field = { $field ->
    [round] 輪次
    [board] 台次
    [a] 第一位選手
    [b] 第二位選手
    [player] 選手
    [from_round] 退賽輪次
    [first_round] 起始輪次
    [last] 步驟
   *[other] 欄位
}
desk-not-number = { $field }：應為整數，收到「{ $found }」
desk-no-number = { $field }：應為整數，但未填寫
desk-undo-legend = 撤銷步驟 { $seq }：{ $what }
desk-undo = 撤銷步驟 { $seq }
desk-col-step = 步驟
desk-col-when = 時間（UTC）
desk-col-arbiter = 裁判
desk-col-what = 內容
desk-col-why = 理由
desk-undone = （已撤銷）
desk-undo-done = 步驟 { $seq }：已撤銷步驟 { $undone }
desk-undo-moved = 應撤銷步驟 { $expected }，但最後一步是 { $found }：頁面開啟後賽事已有變動，請重新查看紀錄
desk-undo-none = 無
desk-search-legend = 搜尋 FIDE 等級分名單（{ $list }）
desk-fide-id-or-name = FIDE 編號或姓名
desk-search = 搜尋
desk-col-fide-id = FIDE 編號
desk-col-name = 姓名
desk-col-title = 頭銜
desk-col-fed = 協會
desk-col-born = 出生
desk-col-std = 標準
desk-col-no = 序號
desk-col-rating = 等級分
desk-col-category = 組別
desk-category = 組別
desk-first-round = 起始輪次
desk-register = 報名
desk-more-hits = 只列出前 { $n } 筆；請輸入更完整的姓名。
desk-no-hit = 名單中沒有符合「{ $q }」的棋士。
desk-register-legend = 登錄棋士至 { $section }
desk-late = 錯過的輪次記為缺席（零分輪休），例如未出席技術會議
desk-name = 姓名
desk-fide-id = FIDE 編號
desk-rating = 等級分
desk-federation = 協會
desk-title = 頭銜
desk-sex = 性別
desk-birth = 出生（YYYY 或 YYYY-MM-DD）
desk-not-in-list = FIDE 編號：名單中沒有 { $id }
desk-no-name = 姓名：未填寫棋士姓名
desk-bad-rating = 等級分：應為 65535 以下的整數，收到「{ $found }」
desk-bad-sex = 性別：應為 M 或 F，收到「{ $found }」
desk-bad-kind = 種類：收到無法辨識的「{ $found }」
desk-player-data = 棋士資料有誤：
desk-registered = 步驟 { $seq }：棋士已登錄
desk-player-changed = 步驟 { $seq }：棋士 { $n } 已修改
desk-player-title = 棋士 { $n }
desk-player-legend = 棋士 { $n }：{ $name }
desk-all-players = 全部棋士
desk-no-player = { $section }：沒有序號 { $n } 的棋士
desk-byes-title = 輪休與退賽
desk-bye-legend = 尚未配對輪次的輪休
desk-player = 棋士
desk-round = 輪次
desk-kind = 種類
desk-bye-half-asked = 半分輪休（申請）
desk-bye-zero-absent = 零分輪休（缺席）
desk-bye-take-back = 撤回輪休
desk-record = 記錄
desk-withdraw-legend = 棋士退賽
desk-not-paired-from = 自此輪起不配對
desk-withdraw = 退賽
desk-byes-recorded = 之後輪次已記錄的輪休
desk-col-player = 棋士
desk-col-bye = 輪休
desk-none = 無。
desk-bye-kind = { $code ->
    [H] 半分輪休
    [F] 一分輪休
    [Z] 零分輪休（缺席）
   *[U] 編排輪空
}
desk-bye-recorded = 步驟 { $seq }：已記錄棋士 { $player } 第 { $round } 輪的輪休
desk-withdrawn = 步驟 { $seq }：棋士 { $player } 已退賽
desk-print = 列印
desk-print-note = A4 紙張；頁首、選單與這一行不會印出。
desk-col-rtg = 等級分
desk-col-pts = 積分
desk-col-colour = 執色
desk-col-opponent = 對手
desk-colour = { $colour ->
    [white] 白方
   *[black] 黑方
}
desk-opp-bye = 輪空
desk-opp-not-paired = 未編排
desk-slip-head = { $event } · 第 { $round } 輪 · 第 { $board } 台
desk-sign-white = 白方簽名
desk-sign-black = 黑方簽名
desk-print-title = { $section }：{ $what ->
    [pairings] 第 { $round } 輪對戰表（依台次）
    [alphabetical] 第 { $round } 輪對戰表（依姓名）
    [slips] 第 { $round } 輪成績單
    [standings] 名次
   *[prizes] 獎項清單
}
desk-no-round-played = 尚未進行任何一輪。
desk-no-prizes = 本賽事的設定檔沒有獎項。
desk-status = { $status ->
    [400] 請求有誤
    [401] 需要登入
    [403] 不允許
    [404] 找不到頁面
    [429] 嘗試次數過多
    [503] 暫時無法服務
   *[other] 伺服器錯誤
}
desk-not-found = 此網址不是本伺服器的賽事或其頁面
desk-no-session = 修改賽事需要裁判登入：請先登入
desk-bad-csrf = 表單的 CSRF 驗證碼不符或遺失：請重新載入頁面後再送出
desk-chief-only = 此項操作限裁判長執行
desk-no-random = 無法建立登入工作階段：系統亂數來源故障
desk-cross-site = 登入表單來自其他網站，已拒絕
desk-too-many = 此位址或帳號登入失敗次數過多：請等候 { $wait } 秒
desk-wrong-password = 帳號或密碼錯誤
desk-login-failed = 無法檢查登入：
desk-setup-local = 首次設定只能在伺服器本機進行（http://localhost/…）；其他機器請執行 `arbiter user add`
desk-passwords-differ = 兩次輸入的密碼不同
desk-has-accounts = 本賽事已有帳號，無法進行首次設定：請登入
desk-event-unreadable = 無法讀取賽事檔案：
desk-setup-intro = 本賽事尚無帳號。請建立裁判長帳號（此頁只在伺服器本機開放）。
desk-password-min = 密碼（至少 { $min } 個字元）
desk-password-again = 再輸入一次密碼
desk-make-account = 建立帳號
# The log's steps (the wording of `arbiter event log`, in the page's language).
desk-step-create = 建立賽事「{ $name }」，組別：{ $sections }
desk-step-register-one = { $section }：登錄 { $name }
desk-step-register-late = { $section }：登錄 { $name }（自第 { $round } 輪起配對）
desk-step-register-many = { $section }：登錄 { $n } 位棋士
desk-step-import = { $section }：自 { $source } 匯入 { $n } 位棋士與 { $rounds } 輪
desk-step-edit = { $section }：修改棋士 { $number }（{ $name }）
desk-step-pair = { $section }：第 { $round } 輪已配對（{ $edition }，{ $boards } 台）{ $published ->
    [yes] ，已公布
   *[no] ，為草案
}
desk-step-swap = { $section }：第 { $round } 輪草案人工調整：交換棋士 { $a } 與 { $b }；理由：{ $reason }
desk-step-flip = { $section }：第 { $round } 輪草案人工調整：交換第 { $board } 台的白方與黑方；理由：{ $reason }
desk-step-publish = { $section }：第 { $round } 輪已公布
desk-step-result = 第 { $round } 輪第 { $board } 台 { $result }
desk-step-result-was = 第 { $round } 輪第 { $board } 台 { $result }（原為 { $old }）
desk-step-results = { $section }：成績 { $list }
desk-step-results-more = { $section }：成績 { $list } 等，另有 { $more } 筆
desk-step-bye = { $section }：棋士 { $number } 第 { $round } 輪：{ $code ->
    [H] 半分輪休
    [F] 一分輪休
    [Z] 零分輪休
   *[U] 編排輪空
}
desk-step-bye-back = { $section }：棋士 { $number } 第 { $round } 輪：撤回輪休
desk-step-withdraw = { $section }：棋士 { $number } 自第 { $round } 輪起退賽
desk-step-back = { $section }：棋士 { $number } 恢復參賽
desk-step-undo = 撤銷：回到步驟 { $step } 之前的狀態
desk-list-sep = 、
desk-edition = { $edition ->
    [dutch-2017] 荷蘭制 2017 版
    [dutch-2025] 荷蘭制 2025 版
    [round-robin] 循環賽
   *[other] { $edition }
}
desk-quick-bad = 請輸入台次、一個空格和結果：12 1-0
desk-quick-no-board = 本輪沒有第 { $board } 台
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

# FIDE mode and the pairing-integrity events (issue #33)
desk-step-fide-mode-left = 已離開 FIDE 模式（不可再進入）
hall-fide-mode-off = 非 FIDE 模式：於步驟 { $step } 由 { $arbiter } 離開（{ $reason }），不可再進入。
hall-confirm-warning = 我確認此步驟顯示的警告（第二次半分輪空）
## 賽事紀錄與成績登錄的用語，`arbiter event` 與裁判台共用（issue 30，words）
event-log-reason = ；理由：{ $reason }
event-log-undone = { "  " }［已撤銷］
event-board = 第 { $board } 台
event-board-of-round = 第 { $round } 輪第 { $board } 台
event-entered = { $board }：{ $result }
event-entered-unchanged = { $board }：{ $result }（先前已登錄）
event-entered-corrected = { $board }：{ $result }（由 { $old } 更正）
event-entered-conflict = { $board }：{ $result } 未寫入：頁面開啟後此台已被修改，目前為 { $found }
event-entered-conflict-by = { $board }：{ $result } 未寫入：頁面開啟後此台已被修改，目前為 { $found }（{ $by }，{ $at }）
event-no-result = 無結果
# 團體排名：欄位與團體同分比較名稱（C.07 第 13 條）
col-team = 隊伍
col-mp = 場分
col-gp = 局分
team-standings-after = 第 { $round } 輪後團體排名
tb-team-MP = 場分
tb-team-GP = 局分
tb-team-MPvGP = 局分（次要分數）
tb-team-MPvGP-short = 次要局分
tb-team-EDE = 延伸直接對局
tb-team-EDE-short = 延伸對局{ $boards ->
    [T] 首台
    [B] 末台
    [BT] 台數首台
    [BB] 台數末台
   *[other] { "" }
}
tb-team-ESB = 延伸索伯格
tb-team-ESB-short = 延伸索伯格{ $opponent ->
    [G] 局
   *[M] 場
}{ $own ->
    [G] 局
   *[M] 場
}
tb-team-on-gp = :局分
tb-team-name-on-gp = { $name }（以局分計）
tb-team-forfeits-played = { $name }，棄權場次視為已賽
# 賽事操作未執行的原因（裁判台；細節隨後以英文標示）
event-error-access = 無法開啟賽事檔案：
event-error-exists = 應為新的賽事檔名，但檔案已存在；未做任何變更
event-error-not-event = 應為 chess-arbiter 賽事檔案（SQLite）；未做任何變更；實為：
event-error-newer = 此檔案由較新版的 chess-arbiter 寫入（賽事結構版本 { $version }，本程式最高可讀 { $supported }）；請更新程式，未做任何變更
event-error-corrupt = 賽事檔案已損壞：
event-error-busy = 另一位裁判的操作佔用賽事檔案超過 { $seconds } 秒；未寫入，請再試一次
event-error-refused = 未執行，未寫入任何內容：
event-error-no-pairing = 找不到合規的配對，未寫入：
event-error-storage = 賽事檔案無法寫入，未做任何變更：
desk-request-failed = 請求失敗：
event-error-unconfirmed = 第 { $level } 級警告：請確認後再執行此步驟；未寫入任何資料：
event-error-fide-mode-left = 已於第 { $step } 步離開 FIDE 模式，不可再進入；未寫入任何資料
