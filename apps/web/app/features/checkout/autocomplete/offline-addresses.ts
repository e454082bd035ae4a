/**
 * The offline provider's address book: invented street addresses for the demo shop's countries
 * (US, GB, DE), written for Cartwright. Street numbers and street/city/postcode combinations are
 * made up; postcodes follow each country's format so selected addresses pass validation. Loaded
 * on demand (dynamic import) by offline-provider.ts, never by the checkout's first load.
 *
 * Grouped by place to keep the module small: [city, state, postcode, streets].
 */
export type OfflinePlace = readonly [city: string, state: string, postcode: string, streets: readonly string[]];

export const OFFLINE_PLACES: Readonly<Record<string, readonly OfflinePlace[]>> = {
  US: [
    ["Los Angeles", "CA", "90001", ["1842 Juniper Street", "7715 Alder Court", "1206 Holloway Avenue", "6431 Marigold Lane"]],
    ["Los Angeles", "CA", "90012", ["455 Bellwether Street", "212 Copperfield Avenue", "918 Orchard Terrace"]],
    ["Los Angeles", "CA", "90026", ["2217 Sunvale Drive", "1580 Echo Ridge Road", "734 Larkspur Way"]],
    ["San Francisco", "CA", "94105", ["101 Harborline Street", "388 Mission Bay Court", "640 Foundry Lane", "55 Beacon Wharf Way"]],
    ["San Francisco", "CA", "94110", ["2841 Valencia Grove", "3319 Poppy Street", "1175 Cypress Hollow Road"]],
    ["San Diego", "CA", "92101", ["902 Seabright Avenue", "1430 Kettner Landing", "611 Coronado View Drive"]],
    ["Sacramento", "CA", "95814", ["1021 Capitol Oak Street", "815 Riverfront Way", "2210 Elmhurst Court"]],
    ["Oakland", "CA", "94612", ["1538 Lakeside Park Avenue", "470 Redwood Street", "2904 Telegraph Hill Road"]],
    ["San Jose", "CA", "95113", ["88 Almaden Crossing", "319 Guadalupe Terrace", "1207 Willow Glen Lane"]],
    ["Portland", "OR", "97205", ["1419 Burnside Court", "733 Evergreen Terrace", "2050 Hawthorne Loop"]],
    ["Seattle", "WA", "98101", ["1600 Pine Crest Avenue", "420 Puget Lane", "915 Marion Ridge Street"]],
    ["Austin", "TX", "78701", ["508 Congress Park Drive", "1122 Bluebonnet Lane", "76 Colorado Bend Road"]],
    ["Denver", "CO", "80202", ["1735 Larimer Grove", "2290 Aspen Hollow Drive", "640 Blake Crossing"]],
    ["Chicago", "IL", "60614", ["2408 Lincoln Meadow Avenue", "1917 Fullerton Court", "833 Maple Shore Drive"]],
    ["New York", "NY", "10001", ["412 West Chelsea Street", "227 Hudson Yard Lane", "58 Garment Row"]],
    ["New York", "NY", "10011", ["136 Greenway Place", "301 Sycamore Street", "47 Abingdon Row"]],
    ["Brooklyn", "NY", "11201", ["89 Cranberry Walk", "214 Atlantic Harbor Avenue", "17 Pierrepont Mews"]],
    ["Boston", "MA", "02116", ["301 Beacon Hill Row", "77 Commonwealth Court", "510 Back Bay Lane"]],
    ["Philadelphia", "PA", "19103", ["1822 Rittenhouse Green", "240 Walnut Ridge Street", "1309 Schuylkill Way"]],
    ["Atlanta", "GA", "30303", ["145 Peachtree Hollow", "612 Magnolia Court", "38 Auburn Crest Avenue"]],
    ["Miami", "FL", "33130", ["1250 Brickell Bay Lane", "477 Coral Palm Drive", "903 Biscayne Garden Street"]],
  ],
  GB: [
    ["London", "", "EC1V 2NX", ["14 Goswell Yard", "3 Angel Mews", "27 Finsbury Row"]],
    ["London", "", "N1 9GU", ["41 Canalside Walk", "8 Granary Lane", "119 King's Cross Road"]],
    ["London", "", "SE1 7PB", ["22 Lambeth Wharf", "6 Waterloo Gardens", "53 Riverside Terrace"]],
    ["London", "", "E2 8DY", ["90 Columbia Mews", "15 Hackney Row", "7 Bethnal Gardens"]],
    ["London", "", "W11 2BQ", ["31 Ladbroke Crescent", "12 Portobello Mews", "68 Holland Park Lane"]],
    ["London", "", "NW1 8AH", ["5 Camden Lock Place", "44 Regent's Canal Walk", "19 Primrose Terrace"]],
    ["Manchester", "", "M4 1HN", ["23 Ancoats Street", "9 Cotton Mill Lane", "71 Northern Quarter Row"]],
    ["Manchester", "", "M1 3BN", ["16 Piccadilly Gardens", "40 Canal Basin Way"]],
    ["Birmingham", "", "B5 4BU", ["18 Digbeth Wharf", "62 Bullring Lane", "7 Custard Yard"]],
    ["Leeds", "", "LS1 4DY", ["11 Briggate Court", "34 Aire Street", "5 Corn Exchange Row"]],
    ["Bristol", "", "BS1 5TR", ["27 Harbourside Walk", "3 Queen Square Mews", "48 Redcliffe Lane"]],
    ["Edinburgh", "", "EH1 2NG", ["12 Grassmarket Close", "6 Castle Wynd", "85 Canongate Row"]],
    ["Glasgow", "", "G1 1XQ", ["29 Merchant City Lane", "140 Buchanan Gardens", "8 Clyde Quay"]],
    ["Cardiff", "", "CF10 1EP", ["21 Castle Arcade Street", "4 Bute Dock Road", "57 Cathedral Walk"]],
    ["Liverpool", "", "L1 8JQ", ["33 Bold Place", "10 Ropewalks Lane", "66 Albert Quay"]],
    ["Oxford", "", "OX1 2JD", ["9 Turl Yard", "24 Broad Walk", "15 Radcliffe Mews"]],
    ["Cambridge", "", "CB2 1TN", ["7 King's Parade Court", "38 Mill Lane", "13 Silver Street"]],
    ["Brighton", "", "BN1 1UG", ["26 Lanes Court", "4 Pavilion Parade", "59 Kemp Terrace"]],
  ],
  DE: [
    ["Berlin", "", "10115", ["Bergstraße 21", "Gartenweg 8", "Invalidenplatz 3"]],
    ["Berlin", "", "10178", ["Spreeufer 14", "Alexanderhof 6", "Rosenthaler Gasse 19"]],
    ["Berlin", "", "10999", ["Paul-Lincke-Ufer 27", "Oranienhof 11", "Kanalstraße 42"]],
    ["Berlin", "", "12043", ["Weserweg 5", "Karl-Marx-Hof 30", "Lindenallee 17"]],
    ["Hamburg", "", "20095", ["Alsterufer 12", "Mönckebergweg 4", "Speicherstraße 23"]],
    ["Hamburg", "", "22767", ["Hafenstraße 88", "Elbterrasse 9", "Fischmarktgasse 2"]],
    ["München", "", "80331", ["Marienhof 7", "Sendlinger Gasse 15", "Viktualienweg 3"]],
    ["München", "", "80469", ["Isarufer 24", "Gärtnerplatzweg 10", "Reichenbachstraße 46"]],
    ["Köln", "", "50667", ["Domhof 5", "Hohe Gasse 31", "Rheinufer 18"]],
    ["Frankfurt am Main", "", "60311", ["Mainkai 20", "Römerberggasse 6", "Zeilhof 13"]],
    ["Stuttgart", "", "70173", ["Königsallee 9", "Schlossgarten 22", "Marktgasse 4"]],
    ["Düsseldorf", "", "40213", ["Rheinterrasse 11", "Altstadtgasse 7", "Bolkerhof 15"]],
    ["Leipzig", "", "04109", ["Messehof 3", "Nikolaigasse 19", "Thomasweg 8"]],
    ["Dresden", "", "01067", ["Elbufer 26", "Zwingerweg 2", "Neumarktgasse 14"]],
    ["Hannover", "", "30159", ["Kröpckeplatz 5", "Leineufer 12", "Georgsgasse 30"]],
    ["Nürnberg", "", "90403", ["Burgstraße 16", "Pegnitzufer 4", "Henkersteg 9"]],
    ["Bremen", "", "28195", ["Schlachte 21", "Böttcherhof 3", "Weserpromenade 37"]],
  ],
};
