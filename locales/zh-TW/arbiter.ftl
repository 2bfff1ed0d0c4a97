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
