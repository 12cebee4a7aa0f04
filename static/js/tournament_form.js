// The tournaments page's form that makes one: its start position field (position_field.js).
import { wirePositionField } from "./position_field.js";

const form = document.querySelector("[data-testid=tournament-form]");
if (form) {
  wirePositionField(form, document.getElementById("tournament-position-note"),
    document.getElementById("tournament-position-link"));
}
