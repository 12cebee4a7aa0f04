from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_annotation_side_lines"),
        ("games", "0015_merge_chat_lines"),
    ]

    operations = []
