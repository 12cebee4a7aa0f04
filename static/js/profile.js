// A player's profile: its Challenge form posts as it is (players/views.py profile_challenge);
// the script only shows the time control's fields for the kind chosen, as the lobby does.
import { wireClockForm } from "./timecontrol.js";

wireClockForm();
