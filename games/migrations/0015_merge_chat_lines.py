from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_chat_lines"),
        ("games", "0014_merge_takebacks_tournaments"),
    ]

    operations = []
