// The mock screens' texts in each supported language (MockLocales.swift): the vocabulary the
// mocks build sentences from, the people's names, and every fixed label of the iOS and Material
// mocks. Arabic and Hebrew drop the English article (Arabic writes it as a prefix, Hebrew as a
// prefix letter); Japanese joins words without spaces and ends sentences with "。".

enum MockLocaleTables {
    struct Table {
        var words: [String]
        var names: [String]
        var phrases: [String: String]
        /// English pattern ("Like #") → the language's ("いいね #").
        var counted: [(String, String)]
        var wordSeparator = " "
        var period = "."
        var capitalizes = false
        /// Words written joined to the next one.
        var prefixes: Set<String> = []
    }

    static let words = ["today", "coffee", "the", "city", "light", "new", "photos", "from", "weekend", "trip", "and",
                        "sunset", "over", "river", "with", "friends", "great", "design", "update", "is", "live", "more",
                        "soon", "love", "this", "view", "morning", "walk", "in", "park", "team", "launch"]
    static let names = ["Emma Chen", "Liu Yang", "Oliver", "Sophia Wang", "Noah Kim", "Mia Zhang", "Lucas", "Ava Li",
                        "Ethan Wu", "Isabella", "Mason Zhou", "Chloe Lin", "Leo Sun", "Harper", "James Xu", "Zoe"]

    static let all: [String: Table] = ["ar": arabic, "he": hebrew, "ja": japanese, "de": german]

    static let arabic = Table(
        words: ["اليوم", "قهوة", "", "المدينة", "ضوء", "جديد", "صور", "من", "عطلة", "رحلة", "و", "غروب", "فوق", "النهر", "مع",
                "الأصدقاء", "رائع", "تصميم", "تحديث", "هو", "مباشر", "المزيد", "قريبا", "حب", "هذا", "منظر", "صباح", "نزهة",
                "في", "الحديقة", "الفريق", "إطلاق"],
        names: ["ليلى حسن", "عمر خالد", "سارة", "يوسف علي", "مريم سعيد", "خالد نور", "نور", "أحمد سالم", "فاطمة زين", "علي",
                "هدى كريم", "كريم عادل", "رنا فؤاد", "سامي", "دينا مراد", "زياد"],
        phrases: phrases(["الرسائل", "الصور", "التفاصيل", "ويبو", "الإعدادات", "تعديل", "رجوع", "متابعة", "البريد", "الموجز",
                          "مشاركة", "بحث", "Apple ID، iCloud، الوسائط والمشتريات", "تشغيل", "إيقاف", "متصل", "أبدًا", "افتراضي",
                          "وضع الطيران", "Wi-Fi", "بلوتوث", "الخلوي", "الإشعارات", "الأصوات والحس اللمسي", "التركيز",
                          "مدة استخدام الجهاز", "عام", "مركز التحكم", "شاشة العرض والإضاءة", "خلفية الشاشة", "الخصوصية",
                          "البطارية", "كلمات السر",
                          "تحديد", "إلغاء", "رسالة جديدة", "إلى:", "اليوم", "إلى", "رسالة نصية", "محادثة جديدة",
                          "منشور", "متابعة", "إعادة نشر", "تعليق", "إعجاب"]),
        counted: [("Repost #", "إعادة نشر #"), ("Comment #", "تعليق #"), ("Like #", "إعجاب #"), ("# min read", "قراءة # دقائق"),
                  ("#m ago", "قبل # د"), ("# min ago", "قبل # د")],
        prefixes: ["و"])

    static let hebrew = Table(
        words: ["היום", "קפה", "", "העיר", "אור", "חדש", "תמונות", "מתוך", "סוף־שבוע", "טיול", "וגם", "שקיעה", "מעל", "נהר", "עם",
                "חברים", "נהדר", "עיצוב", "עדכון", "הוא", "חי", "עוד", "בקרוב", "אהבה", "זה", "נוף", "בוקר", "הליכה", "בתוך",
                "פארק", "צוות", "השקה"],
        names: ["נועה כהן", "איתי לוי", "מאיה", "יונתן מזרחי", "תמר פרץ", "אורי ביטון", "שירה", "דניאל אברהם", "יעל פרידמן",
                "עומר", "רוני שפירא", "אביגיל דהן", "גיא אזולאי", "מיכל", "עידו כץ", "הדר"],
        phrases: phrases(["הודעות", "תמונות", "פרטים", "וייבו", "הגדרות", "עריכה", "חזרה", "המשך", "דואר נכנס", "פיד", "שיתוף",
                          "חיפוש", "Apple ID, iCloud, מדיה ורכישות", "פועל", "כבוי", "מחובר", "אף פעם", "ברירת מחדל",
                          "מצב טיסה", "Wi-Fi", "בלוטות׳", "סלולרי", "עדכונים", "צלילים ורטט", "ריכוז", "זמן מסך", "כללי",
                          "מרכז הבקרה", "תצוגה ובהירות", "תמונת רקע", "פרטיות", "סוללה", "סיסמאות",
                          "בחירה", "ביטול", "הודעה חדשה", "אל:", "היום", "אל", "הודעת טקסט", "שיחה חדשה",
                          "פוסט", "מעקב", "שיתוף", "תגובה", "לייק"]),
        counted: [("Repost #", "שיתוף #"), ("Comment #", "תגובה #"), ("Like #", "לייק #"), ("# min read", "# דקות קריאה"),
                  ("#m ago", "לפני # דק׳"), ("# min ago", "לפני # דק׳")])

    static let japanese = Table(
        words: ["今日", "コーヒー", "", "街", "光", "新しい", "写真", "から", "週末", "旅行", "と", "夕日", "の上", "川", "と一緒に",
                "友達", "素晴らしい", "デザイン", "アップデート", "は", "ライブ", "もっと", "まもなく", "大好き", "この", "景色", "朝",
                "散歩", "で", "公園", "チーム", "公開"],
        names: ["佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 健", "伊藤 さくら", "渡辺 翔", "山本 結衣", "中村 蓮", "小林 陽菜",
                "加藤 大翔", "吉田 葵", "山田 湊", "佐々木 凛", "山口 悠真", "松本 芽依", "井上 陸"],
        phrases: phrases(["メッセージ", "写真", "詳細", "ウェイボー", "設定", "編集", "戻る", "続ける", "受信トレイ", "フィード", "共有",
                          "検索", "Apple ID、iCloud、メディアと購入", "オン", "オフ", "接続済み", "しない", "デフォルト",
                          "機内モード", "Wi-Fi", "Bluetooth", "モバイル通信", "通知", "サウンドと触覚", "集中モード",
                          "スクリーンタイム", "一般", "コントロールセンター", "画面表示と明るさ", "壁紙", "プライバシー",
                          "バッテリー", "パスワード",
                          "選択", "キャンセル", "新規メッセージ", "宛先:", "今日", "宛先", "テキストメッセージ", "新しい会話",
                          "投稿", "フォロー", "リポスト", "コメント", "いいね"]),
        counted: [("Repost #", "リポスト #"), ("Comment #", "コメント #"), ("Like #", "いいね #"), ("# min read", "#分で読めます"),
                  ("#m ago", "#分前"), ("# min ago", "#分前")],
        wordSeparator: "", period: "。")

    static let german = Table(
        words: ["heute", "Kaffee", "die", "Stadt", "Licht", "neue", "Fotos", "vom", "Wochenende", "Ausflug", "und",
                "Sonnenuntergang", "über", "Fluss", "mit", "Freunden", "großartig", "Gestaltung", "Aktualisierung", "ist", "live",
                "mehr", "bald", "Liebe", "diese", "Aussicht", "Morgen", "Spaziergang", "im", "Park", "Team", "Markteinführung"],
        names: ["Emma Schmidt", "Jonas Müller", "Mia", "Lena Wagner", "Paul Becker", "Hannah Fischer", "Felix", "Anna Weber",
                "Lukas Meyer", "Marie", "Leon Schulz", "Sophie Koch", "Finn Bauer", "Clara", "Ben Wolf", "Lea"],
        phrases: phrases(["Nachrichten", "Fotos", "Details", "Weibo", "Einstellungen", "Bearbeiten", "Zurück", "Fortfahren",
                          "Posteingang", "Feed", "Teilen", "Suchen", "Apple-ID, iCloud, Medien & Käufe", "Ein", "Aus",
                          "Verbunden", "Nie", "Standard", "Flugmodus", "WLAN", "Bluetooth", "Mobilfunk", "Mitteilungen",
                          "Töne & Haptik", "Fokus", "Bildschirmzeit", "Allgemein", "Kontrollzentrum", "Anzeige & Helligkeit",
                          "Hintergrundbild", "Datenschutz", "Batterie", "Passwörter",
                          "Auswählen", "Abbrechen", "Neue Nachricht", "An:", "Heute", "An", "Textnachricht", "Neue Unterhaltung",
                          "Beitrag", "Folgen", "Teilen", "Kommentieren", "Gefällt mir"]),
        counted: [("Repost #", "Teilen #"), ("Comment #", "Kommentare #"), ("Like #", "Gefällt mir #"), ("# min read", "# Min. Lesezeit"),
                  ("#m ago", "vor # Min."), ("# min ago", "vor # Min.")],
        capitalizes: true)

    /// The fixed labels, in the order `phrases(_:)` takes their translations.
    static let labels = ["Messages", "Photos", "Detail", "Weibo", "Settings", "Edit", "Back", "Continue", "Inbox", "Feed",
                         "Share", "Search", "Apple ID, iCloud, Media & Purchases", "On", "Off", "Connected", "Never", "Default",
                         "Airplane Mode", "Wi-Fi", "Bluetooth", "Cellular", "Notifications", "Sounds & Haptics", "Focus",
                         "Screen Time", "General", "Control Center", "Display & Brightness", "Wallpaper", "Privacy",
                         "Battery", "Passwords", "Select", "Cancel", "New Message", "To:", "Today", "To",
                         "Text message", "New conversation", "Post", "Follow", "Repost", "Comment", "Like"]

    static func phrases(_ translated: [String]) -> [String: String] {
        precondition(translated.count == labels.count, "a translation for every label")
        return Dictionary(uniqueKeysWithValues: zip(labels, translated))
    }
}
