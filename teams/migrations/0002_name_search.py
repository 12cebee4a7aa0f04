from django.db import migrations

from common.db import substring_index


class Migration(migrations.Migration):
    dependencies = [("teams", "0001_initial")]

    operations = [substring_index("teams_team", "name", "team_name_search")]
