"""The takeback preference moves from the user to their settings (``Preferences.takebacks``),
where every other setting of theirs lives: each user's preference is kept (a row of settings where
it differs from the settings' default, always) before the user's column goes."""

from django.db import migrations


def copy_chosen(apps, schema_editor) -> None:
    user_model = apps.get_model("accounts", "User")
    preferences = apps.get_model("accounts", "Preferences")
    for user_id, chosen in user_model.objects.exclude(takeback_preference="always").values_list(
        "pk", "takeback_preference"
    ):
        preferences.objects.update_or_create(user_id=user_id, defaults={"takebacks": chosen})


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_email_and_preferences"),
        ("accounts", "0004_takebacks"),
    ]

    operations = [
        migrations.RunPython(copy_chosen, migrations.RunPython.noop),
        migrations.RemoveField(model_name="user", name="takeback_preference"),
    ]
