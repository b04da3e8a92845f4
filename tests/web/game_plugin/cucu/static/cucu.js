// Cucù's script (tests only): served beside the shared scripts, its strings in every page's table.
import { t } from "./strings.js";

export const label = () => t("Pass the card on");
