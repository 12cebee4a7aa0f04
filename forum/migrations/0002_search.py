from django.db import migrations

from common.db import substring_index


class Migration(migrations.Migration):
    dependencies = [("forum", "0001_initial")]

    operations = [
        substring_index("forum_post", "text", "forum_post_text_search"),
        substring_index("forum_topic", "title", "forum_topic_title_search"),
    ]
