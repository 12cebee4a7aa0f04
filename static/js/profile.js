// A player's profile: its Challenge form posts as it is (players/views.py profile_challenge);
// the script only shows the time control's fields for the kind chosen, and a start position's
// note (casual, its link to the analysis board), as the lobby does.
import { wirePositionField } from "./position_field.js";
import { wireClockForm } from "./timecontrol.js";

wireClockForm();
const form = document.querySelector("[data-testid=challenge-form]");
if (form) {
  wirePositionField(form, document.getElementById("challenge-position-note"),
    document.getElementById("challenge-position-link"));
}
