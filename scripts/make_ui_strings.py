#!/usr/bin/env python3
"""10,000 short UI strings for typefit fit's benchmark: button labels,
settings rows and messages in English, German, French, Spanish, Greek and
Russian (all drawn by Noto Sans), seeded: the same file every time.
Usage: make_ui_strings.py OUT [COUNT]"""
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


def main():
    out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    rng = random.Random(12)
    with open(out, "w", encoding="utf-8") as fh:
        for _ in range(count):
            fh.write(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) + "\n")


if __name__ == "__main__":
    main()
