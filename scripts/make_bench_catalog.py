#!/usr/bin/env python3
"""A many-language String Catalog for typefit's fit and review benchmarks:
the same COUNT keys (button labels, settings rows, messages of 1 to 6 words)
in 19 languages — English, German, French, Russian, Spanish, Italian,
Portuguese, Dutch, Polish, Turkish, Ukrainian, Vietnamese (drawn by Noto
Sans itself) and Japanese, Chinese, Korean, Arabic, Hebrew, Thai and Hindi
(every letter from a fallback face) — seeded: the same file every time.
LANGUAGES (comma-separated) keeps only those. SHAPE "app" draws each key's
number of words from a real app's strings (below) instead of 1 to 6.
Usage: make_bench_catalog.py OUT [COUNT [LANGUAGES [SHAPE]]]"""
import json
import random
import sys

WORDS = {
    "en": ["Settings", "Save", "Cancel", "Delete", "Account", "Notifications", "Privacy", "Download", "Share",
           "all", "your", "new", "messages", "items", "today", "now", "and", "the", "of"],
    "de": ["Einstellungen", "Speichern", "Abbrechen", "Benachrichtigungen", "Datenschutzerklärung",
           "herunterladen", "alle", "neue", "Nachrichten", "heute", "jetzt", "und", "für"],
    "fr": ["Paramètres", "Enregistrer", "Annuler", "Confidentialité", "Télécharger", "Partager", "tous",
           "nouveaux", "messages", "aujourd’hui", "maintenant", "et", "de"],
    "ru": ["Настройки", "Сохранить", "Отменить", "Уведомления", "Конфиденциальность", "Загрузить", "все",
           "новые", "сообщения", "сегодня", "сейчас", "и"],
    "es": ["Configuración", "Guardar", "Cancelar", "Eliminar", "Cuenta", "Notificaciones", "Privacidad",
           "Descargar", "Compartir", "todos", "nuevos", "mensajes", "hoy", "ahora", "y", "de"],
    "it": ["Impostazioni", "Salva", "Annulla", "Elimina", "Account", "Notifiche", "Privacy", "Scarica",
           "Condividi", "tutti", "nuovi", "messaggi", "oggi", "adesso", "e", "di"],
    "pt-BR": ["Configurações", "Salvar", "Cancelar", "Excluir", "Conta", "Notificações", "Privacidade",
              "Baixar", "Compartilhar", "todas", "novas", "mensagens", "hoje", "agora", "e", "de"],
    "nl": ["Instellingen", "Opslaan", "Annuleren", "Verwijderen", "Account", "Meldingen", "Privacybeleid",
           "Downloaden", "Delen", "alle", "nieuwe", "berichten", "vandaag", "nu", "en", "van"],
    "pl": ["Ustawienia", "Zapisz", "Anuluj", "Usuń", "Konto", "Powiadomienia", "Prywatność", "Pobierz",
           "Udostępnij", "wszystkie", "nowe", "wiadomości", "dzisiaj", "teraz", "i", "z"],
    "tr": ["Ayarlar", "Kaydet", "İptal", "Sil", "Hesap", "Bildirimler", "Gizlilik", "İndir", "Paylaş", "tüm",
           "yeni", "mesajlar", "bugün", "şimdi", "ve"],
    "uk": ["Налаштування", "Зберегти", "Скасувати", "Видалити", "Обліковий", "Сповіщення",
           "Конфіденційність", "Завантажити", "Поділитися", "усі", "нові", "повідомлення", "сьогодні", "зараз"],
    "vi": ["Cài đặt", "Lưu", "Hủy", "Xóa", "Tài khoản", "Thông báo", "Quyền riêng tư", "Tải xuống", "Chia sẻ",
           "tất cả", "mới", "tin nhắn", "hôm nay", "bây giờ", "và"],
    "ja": ["設定", "保存", "キャンセル", "削除", "アカウント", "通知", "プライバシー", "ダウンロード", "共有",
           "すべての", "新しい", "メッセージ", "今日", "今すぐ", "と", "を表示"],
    "zh-Hans": ["设置", "保存", "取消", "删除", "账户", "通知", "隐私", "下载", "分享", "全部", "新的", "消息",
                "今天", "现在", "和", "的"],
    "ko": ["설정", "저장", "취소", "삭제", "계정", "알림", "개인정보", "다운로드", "공유", "모든", "새", "메시지",
           "오늘", "지금"],
    "ar": ["الإعدادات", "حفظ", "إلغاء", "حذف", "الحساب", "الإشعارات", "الخصوصية", "تنزيل", "مشاركة", "كل",
           "جديد", "رسائل", "اليوم", "الآن"],
    "he": ["הגדרות", "שמור", "ביטול", "מחק", "חשבון", "התראות", "פרטיות", "הורדה", "שתף", "כל", "חדש",
           "הודעות", "היום", "עכשיו"],
    "th": ["การตั้งค่า", "บันทึก", "ยกเลิก", "ลบ", "บัญชี", "การแจ้งเตือน", "ความเป็นส่วนตัว", "ดาวน์โหลด",
           "แชร์", "ทั้งหมด", "ใหม่", "ข้อความ", "วันนี้", "ตอนนี้"],
    "hi": ["सेटिंग्स", "सहेजें", "रद्द", "हटाएं", "खाता", "सूचनाएं", "गोपनीयता", "डाउनलोड", "साझा", "सभी",
           "नया", "संदेश", "आज", "अभी"],
}
# How many words a real app's strings have: Pocket Casts' English
# Localizable.strings (Automattic/pocket-casts-ios @ c23892d1, 1,501
# strings; median 17 characters, a tenth over 72, the longest 580), counted
# in buckets of words: (fewest, most, share of strings in percent). Its
# translations run 1.1x-1.3x the English length in Latin and Cyrillic
# scripts, which these words keep.
APP_WORDS = [(1, 1, 15.4), (2, 2, 28.5), (3, 3, 19.9), (4, 5, 11.4), (6, 8, 8.3), (9, 12, 6.7), (13, 20, 6.5),
             (21, 40, 2.6), (41, 80, 0.6), (81, 120, 0.1)]
# Written without spaces between words.
UNSPACED = {"ja", "zh-Hans", "th"}
# How many of a real app's strings repeat another's text in the same
# language: Pocket Casts' 22,291 strings hold 21,222 distinct texts (4.8%
# repeated: "Done" under two keys). Drawn from a few words, the "app" shape
# repeated 32% (every one-word string among a dozen words), and fit lays a
# repeated text out once: its texts are made distinct (a repeated one is
# drawn again, and where its length has no text left, one of its words
# becomes a compound of two or three) and this share of keys copies an
# earlier key's texts.
APP_REPEATED = 0.048


def main():
    out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    languages = sys.argv[3].split(",") if len(sys.argv) > 3 and sys.argv[3] else list(WORDS)
    shape = sys.argv[4] if len(sys.argv) > 4 else "ui"
    unknown = [language for language in languages if language not in WORDS]
    if unknown:
        sys.exit(f"make_bench_catalog.py: no words for {', '.join(unknown)}")
    if shape not in ("ui", "app"):
        sys.exit(f"make_bench_catalog.py: SHAPE is ui or app, not {shape}")
    rng = random.Random(21)
    strings = {}
    seen = {language: set() for language in languages}
    for k in range(count):
        if shape == "app" and strings and rng.random() < APP_REPEATED:
            strings[f"key.{k:05d}"] = json.loads(json.dumps(strings[rng.choice(list(strings))]))
            continue
        if shape == "app":
            fewest, most, _ = rng.choices(APP_WORDS, weights=[share for _, _, share in APP_WORDS])[0]
            n = rng.randint(fewest, most)
        else:
            n = rng.randint(1, 6)
        localizations = {}
        for language in languages:
            words = WORDS[language]
            space = "" if language in UNSPACED else " "
            chosen = [rng.choice(words) for _ in range(n)]
            text = space.join(chosen)
            tries = 0
            while shape == "app" and text in seen[language] and tries < 1000:
                # Drawn again while other texts of its length are left,
                # then a word made a compound of two, then of three.
                if tries < 50:
                    chosen = [rng.choice(words) for _ in range(n)]
                else:
                    parts = 2 if tries < 200 else 3
                    chosen[rng.randrange(n)] = "".join(rng.choice(words).lower() for _ in range(parts)).capitalize()
                text = space.join(chosen)
                tries += 1
            seen[language].add(text)
            localizations[language] = {"stringUnit": {"state": "translated", "value": text}}
        strings[f"key.{k:05d}"] = {"localizations": localizations}
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, fh, ensure_ascii=False)


if __name__ == "__main__":
    main()
