import type { ListingCategory } from '../../../shared/domain/categories';

/**
 * The local product lookup stand-in's catalogue: three products per listing subcategory (228 in all), as
 * `brand|title|model` entries, with a typical shipping weight and package size per subcategory. UPCs are made from the
 * entry's position (see catalog.ts), so they are stable and valid but belong to no real product.
 */
export interface SubcategoryProducts {
  category: ListingCategory;
  subcategory: string;
  /** UPCitemdb-style category path. */
  path: string;
  weight: string;
  dimension: string;
  items: string;
}

export const CATALOG_DATA: readonly SubcategoryProducts[] = [
  {
    category: 'Electronics',
    subcategory: 'Smartphones',
    path: 'Electronics > Communications > Cell Phones',
    weight: '0.5 lbs',
    dimension: '6.1 X 3.0 X 1.2 inches',
    items:
      'Apple|Apple iPhone 14 128GB Midnight Unlocked|A2649; Samsung|Samsung Galaxy S23 256GB Phantom Black|SM-S911U; Google|Google Pixel 8 128GB Obsidian|GKWS6',
  },
  {
    category: 'Electronics',
    subcategory: 'Tablets',
    path: 'Electronics > Computers > Tablet Computers',
    weight: '1.4 lbs',
    dimension: '10.5 X 7.8 X 1.0 inches',
    items:
      'Apple|Apple iPad Air 10.9-inch Wi-Fi 64GB Space Gray|MM9C3LL/A; Samsung|Samsung Galaxy Tab S9 128GB Graphite|SM-X710; Amazon|Amazon Fire HD 10 Tablet 32GB Black|T76N2B',
  },
  {
    category: 'Electronics',
    subcategory: 'Laptops',
    path: 'Electronics > Computers > Laptops',
    weight: '4.2 lbs',
    dimension: '14.1 X 9.7 X 0.7 inches',
    items:
      'Apple|Apple MacBook Air 13-inch M2 8GB 256GB Starlight|MLY13LL/A; Dell|Dell XPS 13 Laptop Intel Core i7 16GB 512GB|9315; Lenovo|Lenovo ThinkPad X1 Carbon Gen 11 Laptop|21HM',
  },
  {
    category: 'Electronics',
    subcategory: 'Desktop PCs',
    path: 'Electronics > Computers > Desktop Computers',
    weight: '18 lbs',
    dimension: '16.0 X 8.0 X 15.0 inches',
    items:
      'Apple|Apple Mac mini M2 8GB 256GB|MMFJ3LL/A; HP|HP Pavilion Desktop Ryzen 7 16GB 1TB|TP01-4000; Dell|Dell OptiPlex 7010 Tower Core i5|7010',
  },
  {
    category: 'Electronics',
    subcategory: 'Smart Home',
    path: 'Electronics > Smart Home > Smart Speakers & Hubs',
    weight: '1.8 lbs',
    dimension: '6.0 X 6.0 X 6.0 inches',
    items:
      'Amazon|Amazon Echo Dot 5th Gen Smart Speaker Charcoal|C2N6L4; Google|Google Nest Learning Thermostat 3rd Gen Stainless|T3007ES; Philips Hue|Philips Hue White and Color Ambiance Starter Kit|555334',
  },
  {
    category: 'Electronics',
    subcategory: 'Wearables',
    path: 'Electronics > Wearable Technology > Smart Watches',
    weight: '0.4 lbs',
    dimension: '4.0 X 4.0 X 3.0 inches',
    items:
      'Apple|Apple Watch Series 9 GPS 45mm Midnight Aluminum|MR9A3LL/A; Fitbit|Fitbit Charge 6 Fitness Tracker Obsidian|FB422; Garmin|Garmin Forerunner 265 Running Smartwatch|010-02810-00',
  },
  {
    category: 'Automotive',
    subcategory: 'Car Parts',
    path: 'Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Parts',
    weight: '3.5 lbs',
    dimension: '10.0 X 8.0 X 4.0 inches',
    items:
      'Bosch|Bosch QuietCast Premium Ceramic Disc Brake Pad Set|BC905; Denso|Denso Iridium Power Spark Plug Set of 4|IK20TT; ACDelco|ACDelco Gold Professional Air Filter|A3176C',
  },
  {
    category: 'Automotive',
    subcategory: 'Motorcycles',
    path: 'Vehicles & Parts > Vehicle Parts & Accessories > Motorcycle Parts',
    weight: '4.0 lbs',
    dimension: '14.0 X 10.0 X 10.0 inches',
    items:
      'Shoei|Shoei RF-1400 Full Face Motorcycle Helmet Matte Black|RF-1400; Oxford|Oxford Heaterz Premium Heated Motorcycle Grips|OF690; Yuasa|Yuasa YTX14-BS Maintenance Free Motorcycle Battery|YUAM3RH4S',
  },
  {
    category: 'Automotive',
    subcategory: 'Tires & Wheels',
    path: 'Vehicles & Parts > Vehicle Parts & Accessories > Tires',
    weight: '24 lbs',
    dimension: '26.0 X 26.0 X 8.0 inches',
    items:
      'Michelin|Michelin Defender2 All-Season Tire 225/65R17|12358; Goodyear|Goodyear Assurance WeatherReady Tire 215/55R17|109016366; BBS|BBS CH-R 18-inch Alloy Wheel Satin Black|CH123',
  },
  {
    category: 'Automotive',
    subcategory: 'Car Audio',
    path: 'Electronics > Audio > Car Audio',
    weight: '3.0 lbs',
    dimension: '9.0 X 7.0 X 5.0 inches',
    items:
      'Pioneer|Pioneer DMH-W4660NEX Digital Media Receiver|DMH-W4660NEX; Kenwood|Kenwood Excelon KFC-X1630 6.5-inch Coaxial Speakers|KFC-X1630; JL Audio|JL Audio 10W1v3-4 10-inch Subwoofer Driver|92179',
  },
  {
    category: 'Automotive',
    subcategory: 'Tools',
    path: 'Vehicles & Parts > Vehicle Maintenance > Automotive Tools',
    weight: '6.0 lbs',
    dimension: '15.0 X 10.0 X 4.0 inches',
    items:
      'Innova|Innova 5210 OBD2 Scanner Code Reader|5210; Tekton|Tekton 1/2-inch Drive Click Torque Wrench|24335; Craftsman|Craftsman 3-Ton Aluminum Floor Jack|CMXZJBB',
  },
  {
    category: 'Automotive',
    subcategory: 'Maintenance',
    path: 'Vehicles & Parts > Vehicle Maintenance > Vehicle Fluids',
    weight: '11 lbs',
    dimension: '12.0 X 10.0 X 5.0 inches',
    items:
      'Mobil 1|Mobil 1 Extended Performance 5W-30 Motor Oil 5 Quart|124186; Meguiars|Meguiars Ultimate Wash and Wax Car Kit|G55146; Rain-X|Rain-X Latitude Water Repellency Wiper Blade 22-inch|5079281',
  },
  {
    category: 'Fashion',
    subcategory: "Men's Clothing",
    path: 'Apparel & Accessories > Clothing > Outerwear',
    weight: '2.0 lbs',
    dimension: '14.0 X 12.0 X 3.0 inches',
    items:
      "Levi's|Levi's Men's Trucker Jacket Medium Stonewash|72334; Patagonia|Patagonia Men's Better Sweater Fleece Jacket|25528; Carhartt|Carhartt Men's Loose Fit Heavyweight Pocket T-Shirt|K87",
  },
  {
    category: 'Fashion',
    subcategory: "Women's Clothing",
    path: 'Apparel & Accessories > Clothing > Dresses',
    weight: '1.0 lbs',
    dimension: '12.0 X 10.0 X 2.0 inches',
    items:
      "Madewell|Madewell Women's Perfect Vintage Jean|NC081; The North Face|The North Face Women's Thermoball Eco Jacket|NF0A5GLD; Lululemon|Lululemon Align High-Rise Pant 25-inch|LW5CTIS",
  },
  {
    category: 'Fashion',
    subcategory: 'Shoes',
    path: 'Apparel & Accessories > Shoes > Sneakers',
    weight: '2.2 lbs',
    dimension: '13.0 X 8.0 X 5.0 inches',
    items:
      'Nike|Nike Air Max 90 Sneakers White Size 10|CN8490-100; Adidas|Adidas Ultraboost Light Running Shoes Core Black|GY9351; Dr. Martens|Dr. Martens 1460 Smooth Leather Lace Up Boots|11822006',
  },
  {
    category: 'Fashion',
    subcategory: 'Accessories',
    path: 'Apparel & Accessories > Handbags, Wallets & Cases',
    weight: '1.2 lbs',
    dimension: '12.0 X 9.0 X 4.0 inches',
    items:
      'Ray-Ban|Ray-Ban RB2132 New Wayfarer Sunglasses|RB2132; Coach|Coach Tabby Shoulder Bag 26 Pebble Leather|CH857; Fossil|Fossil Derrick Leather Front Pocket Wallet|ML3681',
  },
  {
    category: 'Fashion',
    subcategory: 'Watches',
    path: 'Apparel & Accessories > Jewelry > Watches',
    weight: '0.6 lbs',
    dimension: '5.0 X 4.0 X 3.0 inches',
    items:
      'Seiko|Seiko 5 Sports Automatic Watch Black Dial|SRPD55; Casio|Casio G-Shock GA2100 Carbon Core Guard Watch|GA2100-1A1; Timex|Timex Marlin Hand-Wound 34mm Watch|TW2R47900',
  },
  {
    category: 'Fashion',
    subcategory: 'Jewelry',
    path: 'Apparel & Accessories > Jewelry > Necklaces',
    weight: '0.2 lbs',
    dimension: '4.0 X 3.0 X 2.0 inches',
    items:
      'Pandora|Pandora Moments Snake Chain Bracelet Sterling Silver|590702HV; Kendra Scott|Kendra Scott Elisa Pendant Necklace Gold|4217701; Swarovski|Swarovski Millenia Stud Earrings White Crystal|5614932',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Furniture',
    path: 'Furniture > Living Room Furniture',
    weight: '45 lbs',
    dimension: '28.0 X 26.0 X 20.0 inches',
    items:
      'IKEA|IKEA Poang Armchair Birch Veneer|POANG; Herman Miller|Herman Miller Aeron Chair Size B Graphite|AER1B23DW; West Elm|West Elm Mid-Century Nightstand Acorn|WE-MCN',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Appliances',
    path: 'Home & Garden > Household Appliances',
    weight: '12 lbs',
    dimension: '16.0 X 12.0 X 14.0 inches',
    items:
      'Dyson|Dyson V11 Cordless Vacuum Cleaner Nickel|268731-01; iRobot|iRobot Roomba j7 Robot Vacuum|j7150; De Longhi|De Longhi Magnifica Evo Espresso Machine|ECAM29084',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Kitchen',
    path: 'Home & Garden > Kitchen & Dining > Kitchen Appliances',
    weight: '9.0 lbs',
    dimension: '14.0 X 10.0 X 12.0 inches',
    items:
      'KitchenAid|KitchenAid Artisan 5-Quart Tilt-Head Stand Mixer Empire Red|KSM150PSER; Instant Pot|Instant Pot Duo 7-in-1 Pressure Cooker 6 Quart|IP-DUO60; Le Creuset|Le Creuset Signature Round Dutch Oven 5.5 Qt Cerise|LS2501-2667',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Garden Tools',
    path: 'Home & Garden > Lawn & Garden > Gardening Tools',
    weight: '8.0 lbs',
    dimension: '30.0 X 8.0 X 6.0 inches',
    items:
      'Fiskars|Fiskars PowerGear2 Bypass Lopper 32-inch|9163; Greenworks|Greenworks 40V Cordless String Trimmer|2101602; Gardena|Gardena Classic Pruning Saw 300P|08745-20',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Decor',
    path: 'Home & Garden > Decor > Lamps',
    weight: '5.0 lbs',
    dimension: '18.0 X 10.0 X 10.0 inches',
    items:
      'Pottery Barn|Pottery Barn Cora Ceramic Table Lamp|PB-CORA; Umbra|Umbra Prisma Picture Frame Set of 3|313015; Nourison|Nourison Essentials Indoor Outdoor Area Rug 5x7|ESS01',
  },
  {
    category: 'Home & Garden',
    subcategory: 'Storage',
    path: 'Home & Garden > Household Supplies > Storage & Organization',
    weight: '10 lbs',
    dimension: '24.0 X 16.0 X 12.0 inches',
    items:
      'Rubbermaid|Rubbermaid Brilliance Food Storage Containers 22 Piece|2024341; Sterilite|Sterilite 4-Drawer Storage Cart White|28309002; Simple Houseware|Simple Houseware Closet Hanging Shelf Organizer|HNG-04',
  },
  {
    category: 'Gaming',
    subcategory: 'Consoles',
    path: 'Electronics > Video Game Consoles',
    weight: '10 lbs',
    dimension: '17.0 X 10.0 X 6.0 inches',
    items:
      'Sony|Sony PlayStation 5 Console Disc Edition|CFI-1215A; Nintendo|Nintendo Switch OLED Model White Joy-Con|HEG-S-KAAAA; Microsoft|Microsoft Xbox Series X 1TB Console|RRT-00001',
  },
  {
    category: 'Gaming',
    subcategory: 'Games',
    path: 'Media > Video Games',
    weight: '0.3 lbs',
    dimension: '7.0 X 5.0 X 0.6 inches',
    items:
      'Nintendo|The Legend of Zelda Tears of the Kingdom Nintendo Switch|HAC-P-AXN7A; Sony|Marvels Spider-Man 2 PlayStation 5|3006961; Bandai Namco|Elden Ring Xbox Series X|ELDEN-XBX',
  },
  {
    category: 'Gaming',
    subcategory: 'PC Gaming',
    path: 'Electronics > Computers > Computer Accessories > Gaming',
    weight: '2.5 lbs',
    dimension: '18.0 X 7.0 X 2.0 inches',
    items:
      'Logitech|Logitech G Pro X Superlight Wireless Gaming Mouse|910-005878; Razer|Razer BlackWidow V4 Mechanical Gaming Keyboard|RZ03-04690; NVIDIA|NVIDIA GeForce RTX 4070 Founders Edition Graphics Card|900-1G141',
  },
  {
    category: 'Gaming',
    subcategory: 'Retro Gaming',
    path: 'Electronics > Video Game Consoles > Retro Consoles',
    weight: '2.0 lbs',
    dimension: '12.0 X 9.0 X 4.0 inches',
    items:
      'Nintendo|Nintendo Super NES Classic Edition|CLV-S-SNSA; Sega|Sega Genesis Mini Console|MK-16000; Nintendo|Nintendo Game Boy Color Atomic Purple|CGB-001',
  },
  {
    category: 'Audio & Music',
    subcategory: 'Headphones',
    path: 'Electronics > Audio > Headphones',
    weight: '1.0 lbs',
    dimension: '8.0 X 7.0 X 3.0 inches',
    items:
      'Sony|Sony WH-1000XM5 Wireless Noise Canceling Headphones Black|WH1000XM5/B; Bose|Bose QuietComfort Ultra Headphones|880066-0100; Apple|Apple AirPods Pro 2nd Generation USB-C|MTJV3AM/A',
  },
  {
    category: 'Audio & Music',
    subcategory: 'Speakers',
    path: 'Electronics > Audio > Speakers',
    weight: '3.5 lbs',
    dimension: '9.0 X 5.0 X 5.0 inches',
    items:
      'JBL|JBL Charge 5 Portable Bluetooth Speaker Blue|JBLCHARGE5BLU; Sonos|Sonos Era 100 Wireless Speaker Black|E10G1US1BLK; Bose|Bose SoundLink Flex Bluetooth Speaker|865983-0100',
  },
  {
    category: 'Audio & Music',
    subcategory: 'Turntables',
    path: 'Electronics > Audio > Turntables & Record Players',
    weight: '12 lbs',
    dimension: '18.0 X 15.0 X 6.0 inches',
    items:
      'Audio-Technica|Audio-Technica AT-LP120XUSB Direct-Drive Turntable|AT-LP120XUSB-BK; Pro-Ject|Pro-Ject Debut Carbon EVO Turntable Satin Black|DCEVO; Fluance|Fluance RT81 Elite High Fidelity Vinyl Turntable|RT81',
  },
  {
    category: 'Audio & Music',
    subcategory: 'Musical Instruments',
    path: 'Arts & Entertainment > Musical Instruments > Guitars',
    weight: '15 lbs',
    dimension: '42.0 X 16.0 X 5.0 inches',
    items:
      'Fender|Fender Player Stratocaster Electric Guitar Maple Fingerboard|0144502; Yamaha|Yamaha P-45 88-Key Weighted Digital Piano|P45B; Gibson|Gibson Les Paul Studio Electric Guitar Ebony|LPST00EBCH1',
  },
  {
    category: 'Audio & Music',
    subcategory: 'Pro Audio',
    path: 'Electronics > Audio > Pro Audio',
    weight: '4.0 lbs',
    dimension: '12.0 X 8.0 X 4.0 inches',
    items:
      'Shure|Shure SM7B Vocal Dynamic Microphone|SM7B; Focusrite|Focusrite Scarlett 2i2 3rd Gen USB Audio Interface|AMS-SCARLETT-2I2-3G; Yamaha|Yamaha HS8 Powered Studio Monitor|HS8',
  },
  {
    category: 'Photography',
    subcategory: 'Cameras',
    path: 'Cameras & Optics > Cameras > Digital Cameras',
    weight: '2.0 lbs',
    dimension: '8.0 X 6.0 X 5.0 inches',
    items:
      'Canon|Canon EOS R6 Mark II Mirrorless Camera Body|5666C002; Sony|Sony Alpha a7 IV Full-Frame Mirrorless Camera|ILCE7M4/B; Fujifilm|Fujifilm X-T5 Mirrorless Camera Silver|16782301',
  },
  {
    category: 'Photography',
    subcategory: 'Lenses',
    path: 'Cameras & Optics > Camera & Optic Accessories > Camera Lenses',
    weight: '1.5 lbs',
    dimension: '6.0 X 4.0 X 4.0 inches',
    items:
      'Canon|Canon RF 24-105mm f/4 L IS USM Lens|2963C002; Sony|Sony FE 50mm f/1.8 Lens|SEL50F18F; Sigma|Sigma 35mm f/1.4 DG DN Art Lens for Sony E|303965',
  },
  {
    category: 'Photography',
    subcategory: 'Drones',
    path: 'Cameras & Optics > Cameras > Drones',
    weight: '2.5 lbs',
    dimension: '10.0 X 8.0 X 4.0 inches',
    items:
      'DJI|DJI Mini 4 Pro Drone with RC 2|CP.MA.00000732.01; DJI|DJI Air 3 Drone Fly More Combo|CP.MA.00000692.01; Autel|Autel EVO Lite Plus Drone Classic Gray|102001022',
  },
  {
    category: 'Photography',
    subcategory: 'Lighting',
    path: 'Cameras & Optics > Photography > Lighting & Studio',
    weight: '3.0 lbs',
    dimension: '12.0 X 8.0 X 6.0 inches',
    items:
      'Godox|Godox V1 Round Head Camera Flash for Canon|V1-C; Neewer|Neewer 18-inch Ring Light Kit with Stand|10088612; Aputure|Aputure Amaran 200d LED Video Light|APA0120',
  },
  {
    category: 'Photography',
    subcategory: 'Accessories',
    path: 'Cameras & Optics > Camera & Optic Accessories',
    weight: '4.0 lbs',
    dimension: '24.0 X 6.0 X 6.0 inches',
    items:
      'Manfrotto|Manfrotto Befree Advanced Travel Tripod|MKBFRTA4BK-BH; Peak Design|Peak Design Everyday Backpack 20L Black|BEDB-20-BK-2; SanDisk|SanDisk Extreme PRO 128GB SDXC Memory Card|SDSDXXD-128G',
  },
  {
    category: 'Sports & Fitness',
    subcategory: 'Exercise Equipment',
    path: 'Sporting Goods > Exercise & Fitness',
    weight: '30 lbs',
    dimension: '18.0 X 10.0 X 10.0 inches',
    items:
      'Bowflex|Bowflex SelectTech 552 Adjustable Dumbbells Pair|100131; Peloton|Peloton Bike Mat|PL-MAT; TRX|TRX All-in-One Suspension Training Kit|TRXKIT',
  },
  {
    category: 'Sports & Fitness',
    subcategory: 'Cycling',
    path: 'Sporting Goods > Outdoor Recreation > Cycling',
    weight: '25 lbs',
    dimension: '54.0 X 8.0 X 30.0 inches',
    items:
      'Trek|Trek FX 2 Disc Hybrid Bike Medium|FX2D-M; Specialized|Specialized Align II Bike Helmet Matte Black|60822; Wahoo|Wahoo ELEMNT BOLT GPS Bike Computer|WFCC5',
  },
  {
    category: 'Sports & Fitness',
    subcategory: 'Outdoor & Camping',
    path: 'Sporting Goods > Outdoor Recreation > Camping & Hiking',
    weight: '6.0 lbs',
    dimension: '22.0 X 8.0 X 8.0 inches',
    items:
      'Coleman|Coleman Sundome 4-Person Camping Tent|2000036412; YETI|YETI Tundra 45 Hard Cooler White|10045010000; Osprey|Osprey Atmos AG 65 Backpacking Pack|10004005',
  },
  {
    category: 'Sports & Fitness',
    subcategory: 'Team Sports',
    path: 'Sporting Goods > Athletics > Team Sports',
    weight: '2.0 lbs',
    dimension: '12.0 X 12.0 X 12.0 inches',
    items:
      'Wilson|Wilson NFL Duke Official Game Football|WTF1100; Spalding|Spalding NBA Zi/O Indoor Outdoor Basketball|74-604; Rawlings|Rawlings Heart of the Hide 11.75-inch Baseball Glove|PRO205-6',
  },
  {
    category: 'Sports & Fitness',
    subcategory: 'Water Sports',
    path: 'Sporting Goods > Outdoor Recreation > Boating & Water Sports',
    weight: '20 lbs',
    dimension: '36.0 X 16.0 X 10.0 inches',
    items:
      'Intex|Intex Explorer K2 Inflatable Kayak Set|68307EP; iRocker|iRocker All-Around 11 Inflatable Paddle Board|IRALL11; Speedo|Speedo Vanquisher 2.0 Swim Goggles|7500911',
  },
  {
    category: 'Collectibles',
    subcategory: 'Trading Cards',
    path: 'Toys & Games > Games > Card Games > Collectible Card Games',
    weight: '0.5 lbs',
    dimension: '6.0 X 4.0 X 2.0 inches',
    items:
      'Pokemon|Pokemon TCG Scarlet and Violet Booster Box|290-85312; Topps|Topps 2023 Series 1 Baseball Hobby Box|TOP23S1; Wizards of the Coast|Magic The Gathering Wilds of Eldraine Draft Booster Box|D15210000',
  },
  {
    category: 'Collectibles',
    subcategory: 'Comics',
    path: 'Media > Books > Comics & Graphic Novels',
    weight: '0.4 lbs',
    dimension: '11.0 X 7.0 X 0.5 inches',
    items:
      'Marvel|The Amazing Spider-Man Omnibus Vol 1|9781302945312; DC Comics|Batman The Long Halloween Deluxe Edition|9781779511492; Image Comics|Saga Compendium One|9781534323469',
  },
  {
    category: 'Collectibles',
    subcategory: 'Memorabilia',
    path: 'Arts & Entertainment > Hobbies & Creative Arts > Collectibles > Sports Collectibles',
    weight: '1.0 lbs',
    dimension: '10.0 X 8.0 X 4.0 inches',
    items:
      'Funko|Funko Pop Star Wars Darth Vader Vinyl Figure|5051; Fanatics|Fanatics Authentic Autographed Baseball Display Case|DC-BB; Hallmark|Hallmark Keepsake Star Trek Enterprise Ornament|QXI2899',
  },
  {
    category: 'Collectibles',
    subcategory: 'Vintage Items',
    path: 'Arts & Entertainment > Hobbies & Creative Arts > Collectibles',
    weight: '3.0 lbs',
    dimension: '12.0 X 10.0 X 8.0 inches',
    items:
      'Polaroid|Polaroid SX-70 Land Camera Vintage Folding|SX-70; Zippo|Zippo Vintage Series 1937 Replica Lighter|230; Pyrex|Pyrex Vintage Butterprint Mixing Bowl Set|401-404',
  },
  {
    category: 'Books & Media',
    subcategory: 'Books',
    path: 'Media > Books',
    weight: '1.2 lbs',
    dimension: '9.0 X 6.0 X 1.5 inches',
    items:
      'Penguin|Dune by Frank Herbert Deluxe Edition Hardcover|9780593099322; Scribner|The Great Gatsby by F. Scott Fitzgerald|9780743273565; Knopf|The Road by Cormac McCarthy Paperback|9780307387899',
  },
  {
    category: 'Books & Media',
    subcategory: 'Vinyl Records',
    path: 'Media > Music & Sound Recordings > Vinyl',
    weight: '0.8 lbs',
    dimension: '12.5 X 12.5 X 0.5 inches',
    items:
      'Columbia|Miles Davis Kind of Blue Vinyl LP|88875136741; Capitol|The Beatles Abbey Road Anniversary Vinyl|602508007395; Legacy|Fleetwood Mac Rumours Vinyl LP|081227966454',
  },
  {
    category: 'Books & Media',
    subcategory: 'Movies',
    path: 'Media > DVDs & Videos',
    weight: '0.3 lbs',
    dimension: '7.5 X 5.5 X 0.6 inches',
    items:
      'Warner Bros|The Lord of the Rings Trilogy 4K Ultra HD|883929742657; Criterion|Seven Samurai Criterion Collection Blu-ray|715515106929; Paramount|The Godfather Collection Blu-ray|032429276412',
  },
  {
    category: 'Books & Media',
    subcategory: 'Magazines',
    path: 'Media > Magazines & Newspapers',
    weight: '0.5 lbs',
    dimension: '11.0 X 8.5 X 0.3 inches',
    items:
      'National Geographic|National Geographic Magazine Collectors Issue|NGM-COL; Rolling Stone|Rolling Stone Magazine Archive Issue|RS-ARC; Vogue|Vogue September Issue Collectors Edition|VOG-SEP',
  },
  {
    category: 'Baby & Kids',
    subcategory: 'Baby Gear',
    path: 'Baby & Toddler > Baby Transport > Strollers',
    weight: '22 lbs',
    dimension: '32.0 X 20.0 X 12.0 inches',
    items:
      'UPPAbaby|UPPAbaby Vista V2 Stroller Gregory Blue|0920-VST-US-GRG; Graco|Graco 4Ever DLX 4-in-1 Car Seat|2074608; Baby Bjorn|BabyBjorn Baby Carrier Harmony 3D Mesh|088002',
  },
  {
    category: 'Baby & Kids',
    subcategory: 'Toys',
    path: 'Toys & Games > Toys',
    weight: '3.0 lbs',
    dimension: '15.0 X 11.0 X 4.0 inches',
    items:
      'LEGO|LEGO Star Wars Millennium Falcon Building Set|75257; Melissa & Doug|Melissa and Doug Wooden Building Blocks Set 100 Pieces|481; Fisher-Price|Fisher-Price Laugh and Learn Smart Stages Chair|DRH31',
  },
  {
    category: 'Baby & Kids',
    subcategory: 'Clothing',
    path: 'Apparel & Accessories > Clothing > Baby & Toddler Clothing',
    weight: '0.8 lbs',
    dimension: '10.0 X 8.0 X 2.0 inches',
    items:
      "Carter's|Carters Baby 5-Pack Short-Sleeve Bodysuits|1P544210; Gap|Gap Baby Brannan Bear Sweater|GAP-BRN; Hanna Andersson|Hanna Andersson Kids Organic Cotton Pajamas|HA-PJ",
  },
  {
    category: 'Baby & Kids',
    subcategory: 'Furniture',
    path: 'Baby & Toddler > Nursery Furniture',
    weight: '40 lbs',
    dimension: '40.0 X 20.0 X 8.0 inches',
    items:
      'DaVinci|DaVinci Jenny Lind 3-in-1 Convertible Crib White|M7301W; Delta Children|Delta Children Emery Upholstered Glider|34050; Stokke|Stokke Tripp Trapp High Chair Natural|100101',
  },
  {
    category: 'Art & Crafts',
    subcategory: 'Paintings',
    path: 'Home & Garden > Decor > Artwork > Paintings',
    weight: '5.0 lbs',
    dimension: '26.0 X 20.0 X 3.0 inches',
    items:
      'Studio Artist|Original Oil Painting Coastal Landscape on Canvas 24x18|ART-OIL-24; Gallery Direct|Abstract Acrylic Painting Blue Waves 30x24|GD-ACR-30; Fine Art Studio|Watercolor Botanical Painting Framed 16x20|FAS-WC-16',
  },
  {
    category: 'Art & Crafts',
    subcategory: 'Prints',
    path: 'Home & Garden > Decor > Artwork > Posters, Prints & Visual Artwork',
    weight: '2.0 lbs',
    dimension: '20.0 X 16.0 X 2.0 inches',
    items:
      'Society6|Society6 Mountain Sunset Art Print 18x24|S6-MTN; Art.com|Hokusai The Great Wave Giclee Print|ART-HOK; Minted|Minted Limited Edition Botanical Print 11x14|MNT-BOT',
  },
  {
    category: 'Art & Crafts',
    subcategory: 'Sculpture',
    path: 'Home & Garden > Decor > Artwork > Sculptures & Statues',
    weight: '6.0 lbs',
    dimension: '14.0 X 8.0 X 8.0 inches',
    items:
      'Design Toscano|Design Toscano The Thinker Bronze Sculpture|PD1226; Torre & Tagus|Torre and Tagus Abstract Ceramic Sculpture|901855; Studio Sculptor|Hand Carved Walnut Wood Sculpture Abstract|SS-WAL',
  },
  {
    category: 'Art & Crafts',
    subcategory: 'Craft Supplies',
    path: 'Arts & Entertainment > Hobbies & Creative Arts > Arts & Crafts',
    weight: '3.0 lbs',
    dimension: '14.0 X 10.0 X 4.0 inches',
    items:
      'Cricut|Cricut Maker 3 Smart Cutting Machine|2008334; Prismacolor|Prismacolor Premier Colored Pencils 72 Pack|3599TN; Winsor & Newton|Winsor and Newton Cotman Watercolor Set 24 Half Pans|0390656',
  },
  {
    category: 'Art & Crafts',
    subcategory: 'Digital Art',
    path: 'Electronics > Computers > Input Devices > Graphics Tablets',
    weight: '2.5 lbs',
    dimension: '16.0 X 10.0 X 2.0 inches',
    items:
      'Wacom|Wacom Intuos Pro Medium Graphics Tablet|PTH660; XP-Pen|XP-Pen Artist 15.6 Pro Drawing Display|A156P; Huion|Huion Kamvas 13 Pen Display|GS1331',
  },
  {
    category: 'Pet Supplies',
    subcategory: 'Dog Supplies',
    path: 'Animals & Pet Supplies > Pet Supplies > Dog Supplies',
    weight: '5.0 lbs',
    dimension: '20.0 X 14.0 X 6.0 inches',
    items:
      'Kong|KONG Classic Dog Toy Large Red|T1; Ruffwear|Ruffwear Front Range Dog Harness Medium|30502; Furhaven|Furhaven Orthopedic Dog Bed Large|FHV-ORT',
  },
  {
    category: 'Pet Supplies',
    subcategory: 'Cat Supplies',
    path: 'Animals & Pet Supplies > Pet Supplies > Cat Supplies',
    weight: '8.0 lbs',
    dimension: '20.0 X 16.0 X 10.0 inches',
    items:
      'Litter-Robot|Litter-Robot 3 Connect Self-Cleaning Litter Box|LR3C; PetSafe|PetSafe Drinkwell Platinum Pet Fountain|PWW00-13708; Frisco|Frisco 52-inch Cat Tree with Condo|FR-CT52',
  },
  {
    category: 'Pet Supplies',
    subcategory: 'Aquarium',
    path: 'Animals & Pet Supplies > Pet Supplies > Fish Supplies',
    weight: '15 lbs',
    dimension: '24.0 X 12.0 X 14.0 inches',
    items:
      'Fluval|Fluval Flex 32.5 Gallon Aquarium Kit Black|15007; Marineland|Marineland Penguin 350 Power Filter|PF0350B; Aqueon|Aqueon LED Aquarium Starter Kit 10 Gallon|100530571',
  },
  {
    category: 'Pet Supplies',
    subcategory: 'Small Animals',
    path: 'Animals & Pet Supplies > Pet Supplies > Small Animal Supplies',
    weight: '7.0 lbs',
    dimension: '30.0 X 18.0 X 10.0 inches',
    items:
      'MidWest|MidWest Guinea Habitat Plus Cage|178; Kaytee|Kaytee Timothy Hay 96 oz|100213137; Oxbow|Oxbow Enriched Life Hideout|OX-HID',
  },
  {
    category: 'Tools & Hardware',
    subcategory: 'Power Tools',
    path: 'Hardware > Tools > Power Tools',
    weight: '7.5 lbs',
    dimension: '14.0 X 12.0 X 5.0 inches',
    items:
      'DeWalt|DeWalt 20V MAX Cordless Drill Driver Kit|DCD771C2; Milwaukee|Milwaukee M18 FUEL Impact Driver Kit|2853-22; Makita|Makita 18V LXT Circular Saw 6-1/2 inch|XSS02Z',
  },
  {
    category: 'Tools & Hardware',
    subcategory: 'Hand Tools',
    path: 'Hardware > Tools > Hand Tools',
    weight: '5.0 lbs',
    dimension: '16.0 X 10.0 X 3.0 inches',
    items:
      'Stanley|Stanley 65-Piece Homeowners Tool Kit|94-248; Klein Tools|Klein Tools 11-in-1 Screwdriver Nut Driver|32500; Knipex|Knipex Cobra Water Pump Pliers 10-inch|87 01 250',
  },
  {
    category: 'Tools & Hardware',
    subcategory: 'Hardware',
    path: 'Hardware > Hardware Accessories',
    weight: '4.0 lbs',
    dimension: '12.0 X 8.0 X 4.0 inches',
    items:
      'Schlage|Schlage Encode Smart WiFi Deadbolt Satin Nickel|BE489WB; Hillman|Hillman Assorted Screw and Anchor Kit 1000 Piece|591520; Kwikset|Kwikset Juno Entry Knob Satin Nickel|400J',
  },
  {
    category: 'Tools & Hardware',
    subcategory: 'Workshop Equipment',
    path: 'Hardware > Tools > Workshop Equipment',
    weight: '35 lbs',
    dimension: '26.0 X 18.0 X 14.0 inches',
    items:
      'Shop-Vac|Shop-Vac 12 Gallon Wet Dry Vacuum|5989300; WEN|WEN 10-inch Two-Direction Water Cooled Wet Stone Sharpener|4276; Husky|Husky 52-inch 9-Drawer Mobile Workbench|HOTC5209B',
  },
  {
    category: 'Business & Office',
    subcategory: 'Office Furniture',
    path: 'Furniture > Office Furniture',
    weight: '60 lbs',
    dimension: '50.0 X 26.0 X 6.0 inches',
    items:
      'Flexispot|FlexiSpot E7 Standing Desk Frame|E7; Steelcase|Steelcase Series 2 Office Chair|435A00; Bush Furniture|Bush Furniture Cabot L-Shaped Desk|WC31830K',
  },
  {
    category: 'Business & Office',
    subcategory: 'Office Supplies',
    path: 'Office Supplies > General Office Supplies',
    weight: '2.0 lbs',
    dimension: '10.0 X 8.0 X 4.0 inches',
    items:
      'Moleskine|Moleskine Classic Notebook Large Ruled Black|QP060; Swingline|Swingline Heavy Duty Stapler|S7039005; Fellowes|Fellowes Powershred 8-Sheet Cross-Cut Shredder|3224701',
  },
  {
    category: 'Business & Office',
    subcategory: 'Printers & Scanners',
    path: 'Electronics > Print, Copy, Scan & Fax > Printers',
    weight: '20 lbs',
    dimension: '18.0 X 15.0 X 10.0 inches',
    items:
      'Brother|Brother HL-L2350DW Monochrome Laser Printer|HLL2350DW; Epson|Epson EcoTank ET-2800 All-in-One Printer|C11CJ66201; Fujitsu|Fujitsu ScanSnap iX1600 Document Scanner|PA03770-B615',
  },
  {
    category: 'Business & Office',
    subcategory: 'Point of Sale',
    path: 'Electronics > Point of Sale Equipment',
    weight: '3.0 lbs',
    dimension: '10.0 X 8.0 X 6.0 inches',
    items:
      'Square|Square Terminal Card Reader|A-SKU-0443; Star Micronics|Star Micronics TSP143IIIU Receipt Printer|39472310; Zebra|Zebra DS2208 Handheld Barcode Scanner|DS2208-SR7U2100AZN',
  },
];
