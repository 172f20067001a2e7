#!/usr/bin/env python3
"""10,000 short UI strings for typefit fit's benchmark: button labels,
settings rows and messages in English, German, French, Spanish, Greek and
Russian (all drawn by Noto Sans), or in English alone, seeded: the same file
every time.
Usage: make_ui_strings.py OUT [COUNT [english]]"""
import random
import sys

WORDS = [
    "Settings", "Save", "Cancel", "Delete", "Account", "Notifications", "Privacy", "Download", "Share",
    "Einstellungen", "Speichern", "Abbrechen", "Benachrichtigungen", "Datenschutzerklärung", "herunterladen",
    "Paramètres", "Enregistrer", "Annuler", "Confidentialité", "Télécharger", "Partager",
    "Configuración", "Guardar", "Cancelar", "Notificaciones", "Privacidad", "Descargar",
    "Ρυθμίσεις", "Αποθήκευση", "Ακύρωση", "Ειδοποιήσεις", "Απόρρητο",
    "Настройки", "Сохранить", "Отменить", "Уведомления", "Конфиденциальность", "Загрузить",
    "all", "your", "new", "messages", "items", "today", "now", "and", "the", "of", "für", "de", "и",
]


# English alone (issue 64's second set: where shaping is cheapest, typefit's
# own work per string shows most).
ENGLISH = ["Settings", "Save", "Cancel", "Delete", "Account", "Notifications", "Privacy", "Download", "Share",
           "all", "your", "new", "messages", "items", "today", "now", "and", "the", "of", "Sign", "in", "with",
           "Open", "Close", "Done", "Edit", "Search", "Back", "Next", "Continue", "Try", "again", "later",
           "Unable", "to", "connect", "server", "Playback", "speed", "Sleep", "timer", "Archive", "episode"]


def main():
    out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    words = ENGLISH if len(sys.argv) > 3 and sys.argv[3] == "english" else WORDS
    rng = random.Random(12)
    with open(out, "w", encoding="utf-8") as fh:
        for _ in range(count):
            fh.write(" ".join(rng.choice(words) for _ in range(rng.randint(1, 6))) + "\n")


if __name__ == "__main__":
    main()
