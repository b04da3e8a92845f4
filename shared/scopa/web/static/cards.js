// Card names and images for the scripts: the same faces and names the server draws.
const NAMES = {
  italian: {
    ranks: ["asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re"],
    suits: ["denari", "coppe", "spade", "bastoni"],
    join: (rank, suit) => `${rank} di ${suit}`,
  },
  french: {
    ranks: ["ace", "2", "3", "4", "5", "6", "7", "jack", "queen", "king"],
    suits: ["diamonds", "hearts", "spades", "clubs"],
    join: (rank, suit) => `${rank} of ${suit}`,
  },
};
const RANKS = "A234567JQK";
const SUITS = "dcsb";

export function cardName(code, style) {
  const names = NAMES[style] || NAMES.italian;
  return names.join(names.ranks[RANKS.indexOf(code[0])], names.suits[SUITS.indexOf(code[1])]);
}

export function cardImage(code, style) {
  const img = document.createElement("img");
  img.className = "card";
  img.width = 60;
  img.height = 90;
  img.src = `/web/cards/${style}/${code}.svg`;
  img.alt = cardName(code, style);
  return img;
}

export function cardBack(style, label = "a face-down card") {
  const img = document.createElement("img");
  img.className = "card back";
  img.width = 60;
  img.height = 90;
  img.src = `/web/cards/${style}/back.svg`;
  img.alt = label;
  return img;
}
