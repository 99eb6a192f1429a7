"""German and French for what Discord shows of our commands before they are used:
command, group and option descriptions and the names of choices.

Command and option names stay English on purpose: players type them, and the
help texts, the README and the move notation all use them.  Message texts are
translated by ``bot.locales``.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engines import game_names, get_game
from matches.timing import DAYS_CHOICES

from ..locales.grammar import fill, typeset

GERMAN, FRENCH = discord.Locale.german, discord.Locale.french

# English -> (German, French).  "{title}" stands for each game's title.
TEXTS: dict[str, tuple[str, str]] = {
    # groups and per-game subcommands
    "Play {title}": ("{title} spielen", "Jouer à {title}"),
    "Make your move in {title}": ("Deinen Zug in {title} machen", "Jouer votre coup à {title}"),
    "Show the board of your {title} match (after any move: ply)": (
        "Das Brett deiner {title}-Partie zeigen (nach jedem beliebigen Zug: ply)",
        "Afficher le plateau de votre partie de {title} (après n'importe quel coup : ply)"),
    "An animated replay of a {title} match, move by move": (
        "Eine {title}-Partie Zug um Zug als Animation nachspielen",
        "Revoir une partie de {title} coup par coup, en animation"),
    "Give up your {title} match (asks for confirmation)": ("Deine {title}-Partie aufgeben (mit Rückfrage)",
                                                           "Abandonner votre partie de {title} (avec confirmation)"),
    "The record file of your {title} match (replays anywhere)": (
        "Die Partiedatei deiner {title}-Partie (überall nachspielbar)",
        "Le fichier de votre partie de {title} (rejouable partout)"),
    "The move list of your {title} match": ("Die Zugliste deiner {title}-Partie",
                                            "La liste des coups de votre partie de {title}"),
    "A short summary of the {title} rules and move notation": (
        "Kurzfassung der Regeln und der Zugnotation von {title}",
        "Résumé des règles et de la notation des coups de {title}"),
    "Challenge a member to a match of Architekton": ("Ein Mitglied zu einer Partie Architekton herausfordern",
                                                     "Défier un membre à une partie d'Architekton"),
    "Challenge one member (or three, for four players) to Atacama": (
        "Ein Mitglied (oder drei, für vier Spieler) zu Atacama herausfordern",
        "Défier un membre (ou trois, à quatre joueurs) à Atacama"),
    "Challenge one to three members to Tactori (9x9)": ("Ein bis drei Mitglieder zu Tactori (9x9) herausfordern",
                                                        "Défier un à trois membres à Tactori (9x9)"),
    "Challenge a member to Tactori FEM (5x5, first polygon wins)": (
        "Ein Mitglied zu Tactori FEM herausfordern (5x5, das erste Vieleck gewinnt)",
        "Défier un membre à Tactori FEM (5x5, le premier polygone gagne)"),
    "Claim the win when the player to move ran out of time": (
        "Den Sieg beanspruchen, wenn die Zeit des Spielers am Zug abgelaufen ist",
        "Réclamer la victoire quand le joueur au trait n'a plus de temps"),
    "Take back your last move (the computer allows it at once; people are asked)": (
        "Deinen letzten Zug zurücknehmen (der Computer erlaubt es sofort, Menschen werden gefragt)",
        "Reprendre votre dernier coup (l'ordinateur l'accepte aussitôt, une personne est consultée)"),
    "Against the computer: privately, the move its hard level would play for you": (
        "Gegen den Computer: privat der Zug, den er auf der Stufe „schwer“ an deiner Stelle spielen würde",
        "Contre l'ordinateur : en privé, le coup que son niveau difficile jouerait à votre place"),
    "After a match: the computer's view of every move, accuracies and costliest moves": (
        "Nach der Partie: die Sicht des Computers auf jeden Zug, Genauigkeit und teuerste Fehler",
        "Après la partie : l'avis de l'ordinateur sur chaque coup, précision et coups les plus coûteux"),
    "Offer a draw (or accept your opponent's offer)": ("Ein Remis anbieten (oder das Angebot des Gegners annehmen)",
                                                       "Proposer la nulle (ou accepter l'offre de l'adversaire)"),
    "Switch reminders for one match on or off (/settings sets the rest)": (
        "Erinnerungen für eine Partie ein- oder ausschalten (/settings regelt den Rest)",
        "Activer ou couper les rappels d'une partie (/settings règle le reste)"),
    # community commands
    "Your running matches, the one waiting longest first": (
        "Deine laufenden Partien, die am längsten wartende zuerst",
        "Vos parties en cours, celle qui attend depuis le plus longtemps en premier"),
    "How the bot reminds you when it is your turn": ("Wie der Bot dich erinnert, wenn du am Zug bist",
                                                     "Comment le bot vous rappelle que c'est votre tour"),
    "Pause the clocks of all your matches (30 days a year)": (
        "Die Uhren all deiner Partien anhalten (30 Tage im Jahr)",
        "Suspendre les pendules de toutes vos parties (30 jours par an)"),
    "The best rated players of a game on this server": ("Die bestbewerteten Spieler eines Spiels auf diesem Server",
                                                        "Les joueurs les mieux classés d'un jeu sur ce serveur"),
    "Wins, losses, ratings and series of a member": ("Siege, Niederlagen, Wertungszahlen und Serien eines Mitglieds",
                                                     "Victoires, défaites, classements et séries d'un membre"),
    "Server settings and moderation of matches": ("Servereinstellungen und Moderation von Partien",
                                                  "Réglages du serveur et modération des parties"),
    "End a match or challenge without a result": ("Eine Partie oder Herausforderung ohne Ergebnis beenden",
                                                  "Terminer une partie ou un défi sans résultat"),
    "Defaults of this server (omit an option to keep it)": (
        "Voreinstellungen dieses Servers (weggelassene Optionen bleiben)",
        "Réglages par défaut de ce serveur (une option omise reste inchangée)"),
    "The computer's jobs for this server's matches: waiting, running, parked": (
        "Die Aufträge des Computers für Partien dieses Servers: wartend, laufend, zurückgestellt",
        "Les tâches de l'ordinateur pour les parties de ce serveur : en attente, en cours, mises de côté"),
    # options
    "Who you want to play": ("Gegen wen du spielen willst", "Contre qui vous voulez jouer"),
    "Who makes the first move (default: random)": ("Wer den ersten Zug macht (Standard: zufällig)",
                                                   "Qui joue le premier coup (par défaut : au hasard)"),
    "Time per move (default: the server's, usually 3 days)": (
        "Bedenkzeit pro Zug (Standard: die des Servers, meist 3 Tage)",
        "Temps par coup (par défaut : celui du serveur, souvent 3 jours)"),
    "Your move; start typing to see the legal ones": ("Dein Zug; beim Tippen erscheinen die erlaubten",
                                                      "Votre coup ; tapez pour voir les coups légaux"),
    "Which match (only needed if you play several here)": (
        "Welche Partie (nur nötig, wenn du hier mehrere spielst)",
        "Quelle partie (seulement si vous en jouez plusieurs ici)"),
    "Which match (default: yours in this channel)": ("Welche Partie (Standard: deine in diesem Kanal)",
                                                     "Quelle partie (par défaut : la vôtre dans ce salon)"),
    "Page of the move list": ("Seite der Zugliste", "Page de la liste des coups"),
    "Privately, the position after this many moves (0: the start)": (
        "Privat die Stellung nach so vielen Zügen (0: der Anfang)",
        "En privé, la position après ce nombre de coups (0 : le départ)"),
    "Start after this many moves (default: the start)": ("Nach so vielen Zügen beginnen (Standard: am Anfang)",
                                                         "Commencer après ce nombre de coups (par défaut : au départ)"),
    "Stop after this many moves (default: the last)": ("Nach so vielen Zügen aufhören (Standard: nach dem letzten)",
                                                       "S'arrêter après ce nombre de coups (par défaut : au dernier)"),
    "Whose statistics (default: yours)": ("Wessen Statistik (Standard: deine)",
                                          "Statistiques de quel membre (par défaut : les vôtres)"),
    "Only this game's rating in the chart (default: every game)": (
        "Nur die Wertungszahl dieses Spiels im Diagramm (Standard: alle Spiele)",
        "Seul le classement de ce jeu dans le graphique (par défaut : tous les jeux)"),
    "on or off for this match": ("an oder aus für diese Partie", "oui ou non pour cette partie"),
    "Second opponent (four players need three)": ("Zweiter Gegner (zu viert braucht es drei)",
                                                  "Deuxième adversaire (à quatre, il en faut trois)"),
    "Third opponent": ("Dritter Gegner", "Troisième adversaire"),
    "How strong the computer plays when you challenge me (default: medium)": (
        "Wie stark der Computer spielt, wenn du mich herausforderst (Standard: mittel)",
        "La force de l'ordinateur quand vous me défiez (par défaut : moyen)"),
    "A second opponent": ("Ein zweiter Gegner", "Un deuxième adversaire"),
    "A third opponent": ("Ein dritter Gegner", "Un troisième adversaire"),
    "basic board, or the build-up game (2 players)": ("Grundspiel oder Aufbauspiel (2 Spieler)",
                                                      "jeu de base, ou variante évolutive (2 joueurs)"),
    "Play with other-colour towers that score double": ("Taktikvariante: Bohrtürme der anderen Farbe zählen doppelt",
                                                        "Jouer avec des tours d'autre couleur qui comptent double"),
    "Moving stacks may chase other towers off": ("Ziehende Stapel dürfen gegnerische Türme schassen",
                                                 "Les piles en mouvement peuvent chasser d'autres tours"),
    "Centre variation (off, 1 or 2)": ("Variation der 9er-Mitte (aus, 1 oder 2)", "Variante du centre (non, 1 ou 2)"),
    "Stacks of own towers may move together": ("Stapel eigener Türme dürfen gemeinsam ziehen",
                                               "Les piles de vos tours peuvent se déplacer ensemble"),
    "mention in the match channel, DM, or off": ("Erwähnung im Partiekanal, Direktnachricht oder aus",
                                                 "mention dans le salon de la partie, message privé, ou non"),
    "How many days (1-30); 0 ends your vacation and returns the unused days": (
        "Wie viele Tage (1-30); 0 beendet den Urlaub und gibt ungenutzte Tage zurück",
        "Combien de jours (1-30) ; 0 met fin aux vacances et rend les jours non utilisés"),
    "Default time per move": ("Standard-Bedenkzeit pro Zug", "Temps par coup par défaut"),
    "Where challenges are posted": ("Wo Herausforderungen erscheinen", "Où les défis sont publiés"),
    "Give each match its own thread": ("Jeder Partie einen eigenen Thread geben",
                                       "Donner à chaque partie son propre fil"),
    "The language of the bot's messages in this server's channels": (
        "Die Sprache der Bot-Nachrichten in den Kanälen dieses Servers",
        "La langue des messages du bot dans les salons de ce serveur"),
    # /tournament
    "Events: Swiss, league or knockout": ("Turniere: Schweizer System, Liga oder K.-o.-System",
                                          "Tournois : système suisse, championnat ou élimination directe"),
    "Organisers: announce an event with a Join button": (
        "Veranstalter: ein Turnier mit Mitmach-Knopf ankündigen",
        "Organisateurs : annoncer un tournoi avec un bouton Participer"),
    "Sign up for an event": ("Bei einem Turnier mitmachen", "S'inscrire à un tournoi"),
    "Leave an event (once it runs: withdraw, your matches are forfeited)": (
        "Ein Turnier verlassen (läuft es schon: zurückziehen, deine Partien sind kampflos verloren)",
        "Quitter un tournoi (s'il a commencé : se retirer, vos parties sont perdues par forfait)"),
    "Organisers: add a member, or a computer player at a level": (
        "Veranstalter: ein Mitglied oder einen Computerspieler (mit Stufe) anmelden",
        "Organisateurs : inscrire un membre, ou un joueur ordinateur d'un niveau choisi"),
    "Organisers: close sign-up and pair the first round": (
        "Veranstalter: die Anmeldung schließen und die erste Runde auslosen",
        "Organisateurs : clore les inscriptions et apparier la première ronde"),
    "Organisers: call an event off (its matches end without a result)": (
        "Veranstalter: ein Turnier absagen (seine Partien enden ohne Ergebnis)",
        "Organisateurs : annuler un tournoi (ses parties se terminent sans résultat)"),
    "The standings of an event, in its channel": ("Die Tabelle eines Turniers, in seinem Kanal",
                                                  "Le classement d'un tournoi, dans son salon"),
    "This server's events, newest first": ("Die Turniere dieses Servers, die neuesten zuerst",
                                           "Les tournois de ce serveur, les plus récents en premier"),
    "The game": ("Das Spiel", "Le jeu"),
    "swiss, league or knockout": ("Schweizer System, Liga oder K.-o.-System",
                                  "système suisse, championnat ou élimination directe"),
    "The event's name": ("Der Name des Turniers", "Le nom du tournoi"),
    "Swiss: how many rounds (default: log2 of the players, at least 3)": (
        "Schweizer System: wie viele Runden (Standard: log2 der Spielerzahl, mindestens 3)",
        "Système suisse : combien de rondes (par défaut : log2 du nombre de joueurs, au moins 3)"),
    "Players per match (Atacama 2 or 4, Tactori 2-4; default 2)": (
        "Spieler pro Partie (Atacama 2 oder 4, Tactori 2-4; Standard 2)",
        "Joueurs par partie (Atacama 2 ou 4, Tactori 2 à 4 ; par défaut 2)"),
    "Time per move (default: the server's)": ("Bedenkzeit pro Zug (Standard: die des Servers)",
                                              "Temps par coup (par défaut : celui du serveur)"),
    "Most days a round's match may last, vacations included (default: 3 × days or bank)": (
        "Höchstdauer einer Rundenpartie in Tagen, Urlaub eingerechnet (Standard: 3 × Bedenkzeit/Zeitkonto)",
        "Jours max. d'une partie de la ronde, vacances comprises (par défaut : 3 × temps par coup ou réserve)"),
    "Start by itself when sign-up closes after this many days": (
        "Von selbst beginnen, wenn die Anmeldung nach so vielen Tagen schließt",
        "Démarrer automatiquement à la clôture des inscriptions, après ce nombre de jours"),
    "Where the event is announced and played (default: here)": (
        "Wo das Turnier angekündigt und gespielt wird (Standard: hier)",
        "Où le tournoi est annoncé et joué (par défaut : ici)"),
    "Atacama: basic board, or the build-up game (2 players)": (
        "Atacama: Grundspiel oder Aufbauspiel (2 Spieler)", "Atacama : jeu de base, ou variante évolutive (2 joueurs)"),
    "Atacama: other-colour towers that score double": (
        "Atacama: Taktikvariante, Bohrtürme der anderen Farbe zählen doppelt",
        "Atacama : tours d'autre couleur qui comptent double"),
    "Tactori: moving stacks may chase other towers off": (
        "Tactori: ziehende Stapel dürfen gegnerische Türme schassen",
        "Tactori : les piles en mouvement peuvent chasser d'autres tours"),
    "Tactori: centre variation (off, 1 or 2)": ("Tactori: Variation der 9er-Mitte (aus, 1 oder 2)",
                                                "Tactori : variante du centre (non, 1 ou 2)"),
    "Tactori FEM: stacks of own towers may move together": (
        "Tactori FEM: Stapel eigener Türme dürfen gemeinsam ziehen",
        "Tactori FEM : les piles de vos tours peuvent se déplacer ensemble"),
    "Big events: which page of the table (default: 1, the leaders)": (
        "Große Turniere: welche Seite der Tabelle (Standard: 1, die Spitze)",
        "Grands tournois : quelle page du classement (par défaut : 1, la tête)"),
    "Which event (default: the only one that fits)": ("Welches Turnier (Standard: das einzige passende)",
                                                      "Quel tournoi (par défaut : le seul qui convient)"),
    "The member (leave out for a computer player)": ("Das Mitglied (weglassen für einen Computerspieler)",
                                                     "Le membre (à omettre pour un joueur ordinateur)"),
    "The computer's level (default: medium)": ("Die Stufe des Computers (Standard: mittel)",
                                               "Le niveau de l'ordinateur (par défaut : moyen)"),
    # the daily digest, /next and private notes (bot.clock.digests, bot.play.comfort)
    "Privately, the match where your deadline is nearest": ("Privat die Partie, deren Frist am nächsten ist",
                                                            "En privé, la partie dont votre délai est le plus proche"),
    "mention in the match channel, DM, a daily digest by DM, or off": (
        "Erwähnung im Kanal der Partie, Direktnachricht, tägliche Übersicht per Direktnachricht oder aus",
        "mention dans le salon de la partie, message privé, récapitulatif quotidien en message privé, ou non"),
    "The hour of your daily digest (0-23, in your time zone)": (
        "Die Stunde deiner täglichen Übersicht (0-23, in deiner Zeitzone)",
        "L'heure de votre récapitulatif quotidien (0-23, dans votre fuseau horaire)"),
    "Your time zone, like Europe/Berlin (default: UTC)": ("Deine Zeitzone, etwa Europe/Berlin (Standard: UTC)",
                                                          "Votre fuseau horaire, comme Europe/Paris (par défaut : UTC)"),
    "Privately, your link to the web board of your {title} match": (
        "Privat deinen Link zum Web-Brett deiner {title}-Partie",
        "En privé, votre lien vers le plateau web de votre partie de {title}"),
    "renew: every web board link you were given so far stops working": (
        "renew: Alle Links zum Web-Brett, die du bisher bekommen hast, gelten nicht mehr",
        "renew : tous les liens vers le plateau web reçus jusqu'ici cessent de fonctionner"),
    "Your private note on a match (without text: show it)": (
        "Deine private Notiz zu einer Partie (ohne Text: zeigt sie)",
        "Votre note privée sur une partie (sans texte : l'affiche)"),
    "What to remember (only you ever see it; empty the note with a single space)": (
        "Was du dir merken willst (nur du siehst es; ein einzelnes Leerzeichen leert die Notiz)",
        "Ce qu'il faut retenir (vous seul le voyez ; un simple espace vide la note)"),
}

# Names of choices (their values stay as they are).
CHOICES: dict[str, tuple[str, str]] = {
    "me": ("ich", "moi"), "opponent": ("Gegner", "adversaire"), "random": ("zufällig", "au hasard"),
    "on": ("an", "oui"), "off": ("aus", "non"),
    "basic": ("Grundspiel", "base"), "buildup": ("Aufbauspiel", "variante évolutive"),
    "easy": ("leicht", "facile"), "medium": ("mittel", "moyen"), "hard": ("schwer", "difficile"),
    "mention": ("Erwähnung", "mention"), "dm": ("Direktnachricht", "message privé"),
    "digest": ("tägliche Übersicht", "récapitulatif quotidien"),
    "renew": ("erneuern", "renouveler"),
    "swiss": ("Schweizer System", "système suisse"), "league": ("Liga", "championnat"),
    "knockout": ("K.-o.-System", "élimination directe"),
    "Server language (Discord setting)": ("Sprache des Servers (Discord-Einstellung)",
                                          "Langue du serveur (réglage Discord)"),
    **{f"{d} day{'s' if d > 1 else ''} per move":
       (f"{d} Tag{'e' if d > 1 else ''} pro Zug", f"{d} jour{'s' if d > 1 else ''} par coup") for d in DAYS_CHOICES},
    **{f"{d} day{'s' if d > 1 else ''}": (f"{d} Tag{'e' if d > 1 else ''}", f"{d} jour{'s' if d > 1 else ''}")
       for d in DAYS_CHOICES},
}

# Conditional moves.
TEXTS.update({
    "Reply in advance to your opponent's next moves, or list your lines": (
        "Im Voraus auf die nächsten Züge deines Gegners antworten oder deine Folgen auflisten",
        "Répondre à l'avance aux prochains coups de votre adversaire, ou lister vos suites"),
    "their move; your reply (more pairs may follow); leave out to list yours": (
        "sein Zug; deine Antwort (weitere Paare möglich); weglassen, um deine aufzulisten",
        "son coup ; votre réponse (d'autres paires peuvent suivre) ; omettre pour lister les vôtres"),
    # Time banks (the challenges' clock options).
    "move: time per move (days); bank: a time bank per player that runs only on his turn": (
        "Zeit pro Zug (Tage) oder ein Zeitkonto je Spieler, das nur läuft, wenn er am Zug ist",
        "temps par coup (jours), ou une réserve de temps par joueur, qui ne court qu'à son tour"),
    "With clock bank: each player's bank in days (default 7, also its cap)": (
        "Mit clock bank: das Zeitkonto jedes Spielers in Tagen (Standard 7, zugleich die Obergrenze)",
        "Avec clock bank : la réserve de chaque joueur en jours (7 par défaut, c'est aussi son plafond)"),
    "With clock bank: hours added to the bank after each of one's moves (default 24)": (
        "Mit clock bank: Stunden, die nach jedem eigenen Zug dazukommen (Standard 24)",
        "Avec clock bank : heures ajoutées à la réserve après chacun de ses coups (24 par défaut)"),
})
CHOICES.update({"move": ("pro Zug", "par coup"), "bank": ("Zeitkonto", "réserve")})

# /season (bot.tournaments.season_commands)
TEXTS.update({
    "Seasons: a league in divisions that plays all year": (
        "Saisons: eine Liga in Spielklassen, die das ganze Jahr läuft",
        "Saisons : un championnat en divisions qui se joue toute l'année"),
    "Organisers: set up seasons with promotion and relegation": (
        "Veranstalter: Saisons mit Auf- und Abstieg einrichten",
        "Organisateurs : créer des saisons avec montées et descentes"),
    "The seasons' name": ("Der Name der Saisons", "Le nom des saisons"),
    "The most divisions (default: as many as the players fill)": (
        "Höchstens so viele Ligen (Standard: so viele, wie die Spieler füllen)",
        "Nombre maximal de divisions (par défaut : autant que les joueurs en remplissent)"),
    "Players a division (default 6)": ("Spieler pro Liga (Standard 6)", "Joueurs par division (par défaut 6)"),
    "How long a season lasts (default 30)": ("Wie lange eine Saison dauert, in Tagen (Standard 30)",
                                             "Durée d'une saison, en jours (par défaut 30)"),
    "How many of each division move up (default: a quarter)": (
        "Wie viele jeder Liga aufsteigen (Standard: ein Viertel)",
        "Combien de joueurs de chaque division montent (par défaut : un quart)"),
    "How many of each division move down (default: as many as move up)": (
        "Wie viele jeder Liga absteigen (Standard: so viele, wie aufsteigen)",
        "Combien de joueurs de chaque division descendent (par défaut : autant que ceux qui montent)"),
    "Sign-up before the first season, in days (default 7)": (
        "Anmeldung vor der ersten Saison, in Tagen (Standard 7)",
        "Inscriptions avant la première saison, en jours (par défaut 7)"),
    "Where the seasons are announced and played (default: here)": (
        "Wo die Saisons angekündigt und gespielt werden (Standard: hier)",
        "Où les saisons sont annoncées et jouées (par défaut : ici)"),
    "Least share of finished matches a player played out, in % (default: none)": (
        "Mindestanteil beendeter Partien, die ein Spieler zu Ende gespielt hat, in % (Standard: keiner)",
        "Part minimale de parties terminées qu'un joueur a menées à leur fin, en % (par défaut : aucune)"),
    "Join the seasons (once: you stay from season to season)": (
        "Bei den Saisons mitmachen (einmal: du bleibst von Saison zu Saison dabei)",
        "Rejoindre les saisons (une fois : vous restez d'une saison à l'autre)"),
    "Which game's seasons (default: the only ones that fit)": (
        "Die Saisons welches Spiels (Standard: die einzigen passenden)",
        "Les saisons de quel jeu (par défaut : les seules qui conviennent)"),
    "Leave the seasons after the current season": ("Die Saisons nach der laufenden Saison verlassen",
                                                    "Quitter les saisons après la saison en cours"),
    "A division's standings, in the seasons' channel": ("Die Tabelle einer Liga, im Kanal der Saisons",
                                                        "Le classement d'une division, dans le salon des saisons"),
    "Which division (default: yours, else the first)": ("Welche Liga (Standard: deine, sonst die erste)",
                                                        "Quelle division (par défaut : la vôtre, sinon la première)"),
    "Which season (default: the current one)": ("Welche Saison (Standard: die laufende)",
                                                "Quelle saison (par défaut : celle en cours)"),
    "This server's seasons": ("Die Saisons dieses Servers", "Les saisons de ce serveur"),
    "Organisers: end the seasons after the current season": (
        "Veranstalter: die Saisons nach der laufenden Saison beenden",
        "Organisateurs : mettre fin aux saisons après la saison en cours"),
    # /ladder (bot.tournaments.ladder_commands)
    "The ladder: challenge the players above you": ("Die Rangliste: fordere die Spieler über dir",
                                                    "L'échelle : défiez les joueurs au-dessus de vous"),
    "Organisers: start this server's ladder of a game": ("Veranstalter: die Rangliste dieses Servers für ein Spiel "
                                                         "eröffnen",
                                                         "Organisateurs : ouvrir l'échelle de ce serveur pour un jeu"),
    "How many places above one may challenge (default 3)": ("Wie viele Plätze nach oben man fordern darf (Standard 3)",
                                                            "Combien de places au-dessus on peut défier (par défaut 3)"),
    "Days a challenge waits for its answer before it counts as a loss (default 3)": (
        "Tage, die eine Forderung auf Antwort wartet, bevor sie als Niederlage zählt (Standard 3)",
        "Jours pendant lesquels un défi attend sa réponse avant de compter comme une défaite (par défaut 3)"),
    "Where the ladder's results are posted (default: here)": (
        "Wo die Ergebnisse der Rangliste erscheinen (Standard: hier)",
        "Où les résultats de l'échelle sont publiés (par défaut : ici)"),
    "Join the ladder at the bottom": ("Dich unten in die Rangliste eintragen", "Rejoindre l'échelle en bas"),
    "Which game's ladder (default: the only one)": ("Die Rangliste welches Spiels (Standard: die einzige)",
                                                    "L'échelle de quel jeu (par défaut : la seule)"),
    "Challenge a player up to a few places above you": ("Einen Spieler bis zu ein paar Plätze über dir fordern",
                                                        "Défier un joueur jusqu'à quelques places au-dessus de vous"),
    "Whom to challenge": ("Wen du forderst", "Qui défier"),
    "The ladder, privately, your place marked": ("Die Rangliste, privat, mit deinem Platz markiert",
                                                 "L'échelle, en privé, avec votre place marquée"),
    # /practice (bot.computer.practice_commands)
    "Practise the positions you got wrong in your matches": (
        "Die Stellungen üben, in denen du in deinen Partien danebengegriffen hast",
        "Travailler les positions que vous avez ratées dans vos parties"),
    "Privately, a position where you played a mistake or a blunder": (
        "Privat eine Stellung, in der du einen Fehler oder groben Fehler gespielt hast",
        "En privé, une position où vous avez joué une erreur ou une gaffe"),
    "Only this game (default: any)": ("Nur dieses Spiel (Standard: alle)", "Seulement ce jeu (par défaut : tous)"),
    "Answer the open practice position with a move": ("Die offene Übungsstellung mit einem Zug beantworten",
                                                      "Répondre à la position d'entraînement en cours par un coup"),
    "Your move, in the game's notation": ("Dein Zug, in der Notation des Spiels",
                                          "Votre coup, dans la notation du jeu"),
    "A hint for the open practice position": ("Ein Hinweis zur offenen Übungsstellung",
                                              "Un indice pour la position d'entraînement en cours"),
    "Your practice positions: how many, due, solved and missed": (
        "Deine Übungsstellungen: wie viele, fällige, gelöste und verfehlte",
        "Vos positions d'entraînement : combien, à faire, résolues et manquées"),
})

# Shown as they are in every language: game titles, numbers, discord.py's "…" for an undescribed option.
# Game titles, numbers, and each language named in its own words (as language menus do).
UNTRANSLATED = {"…", *(get_game(name).title for name in game_names()), *map(str, range(10)),
                "English", "Deutsch", "Français"}

DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)


def catalogue() -> dict[discord.Locale, dict[str, str]]:
    """Every English text in German and French, ``{title}`` filled in for each game (with the
    language's grammar: *partie d'Atacama*, *Tactori-FEM-Partie*)."""
    titles = [get_game(name).title for name in game_names()]
    out: dict[discord.Locale, dict[str, str]] = {GERMAN: {}, FRENCH: {}}
    for english, (german, french) in TEXTS.items():
        for title in titles if "{title}" in english else [""]:
            out[GERMAN][english.format(title=title)] = fill("de", german, {"title": title})
            out[FRENCH][english.format(title=title)] = fill("fr", french, {"title": title})
    return out


class Catalogue(app_commands.Translator):
    def __init__(self) -> None:
        self.texts = catalogue()
        self.choices = {GERMAN: {k: v[0] for k, v in CHOICES.items()},
                        FRENCH: {k: typeset("fr", v[1]) for k, v in CHOICES.items()}}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if context.location in DESCRIPTIONS:
            return self.texts.get(locale, {}).get(string.message)
        if context.location is Where.choice_name:
            return self.choices.get(locale, {}).get(string.message)
        return None   # command and option names stay English
