// The terms of an offered game (preset, target, clock, rated) in words, the clock choice of the forms, and
// the game of their chosen preset.
import { t } from "./strings.js";

export function terms(item) {
  const parts = [item.preset];
  if (item.target) parts.push(t("to {n}", { n: item.target }));
  const clock = item.time_control || {};
  if (clock.seconds_per_move) {
    const s = clock.seconds_per_move;
    parts.push(s >= 86400 ? t("{n} d a move", { n: Math.round(s / 86400) }) : t("{n} s a move", { n: s }));
  }
  parts.push(item.rated ? t("rated") : t("friendly"));
  return parts.join(" · ");
}

export function timeControl(value) {
  if (!value) return undefined;
  const [amount, unit] = value.split(":");
  return unit === "d" ? { days_per_move: Number(amount) } : { seconds_per_move: Number(amount) };
}

export function gameOf(form) {
  // The game of the chosen preset: the forms offer every game's presets, each option naming its game.
  const option = form.elements.preset.selectedOptions[0];
  return option && option.dataset.game ? option.dataset.game : undefined;
}
