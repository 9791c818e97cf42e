import type { ForumCategoryId } from '../../../shared/schemas/forum';

/** Demo members of the forum: accounts that cannot sign in (no usable password). */
export const SEED_MEMBERS = [
  { key: 'sarah', name: 'Sarah Lindqvist', role: 'Community Lead, Trackside', joinedDaysAgo: 120 },
  { key: 'priya', name: 'Priya Natarajan', role: 'Senior Track Engineer', joinedDaysAgo: 98 },
  { key: 'tom', name: 'Tom Gallagher', role: 'Signalling Design Engineer', joinedDaysAgo: 91 },
  { key: 'aisha', name: 'Aisha Rahman', role: 'OLE Design Manager', joinedDaysAgo: 84 },
  { key: 'marcus', name: 'Marcus Webb', role: 'Possession Planner', joinedDaysAgo: 77 },
  { key: 'elena', name: 'Elena Kowalski', role: 'Geotechnical Engineer', joinedDaysAgo: 70 },
  { key: 'david', name: 'David Okafor', role: 'Structures Asset Engineer', joinedDaysAgo: 63 },
] as const;
export type SeedMemberKey = (typeof SEED_MEMBERS)[number]['key'];

export interface SeedReply {
  by: SeedMemberKey;
  /** Hours after the topic was posted. */
  after: number;
  body: string;
  likedBy?: SeedMemberKey[];
}

export interface SeedTopic {
  title: string;
  category: ForumCategoryId;
  tags: string[];
  by: SeedMemberKey;
  daysAgo: number;
  views: number;
  pinned?: boolean;
  locked?: boolean;
  likedBy: SeedMemberKey[];
  body: string;
  replies: SeedReply[];
}

export const SEED_TOPICS: SeedTopic[] = [
  {
    title: 'Welcome to the Trackside community: read this before you post',
    category: 'industry-insights',
    tags: ['community', 'guidelines'],
    by: 'sarah',
    daysAgo: 40,
    views: 1243,
    pinned: true,
    locked: true,
    likedBy: ['priya', 'tom', 'aisha', 'marcus', 'elena', 'david'],
    body: `Welcome! This forum is for people who design, build, maintain and operate railways.

**A few ground rules**

- Ask and answer in your own name, and say which standard or network you are working to (Network Rail, MTM, TfNSW, FRA…). A limit that is right in one rulebook is wrong in another.
- Never post anything that identifies a live possession, a security-sensitive asset or a person involved in an incident.
- Quote clause numbers where you can, so others can check.
- Be kind. Everyone here was a graduate once.

New posts pass an automated moderator first. Links from new accounts, repeated posts and strong language are held until one of us has looked at them; you will see *Awaiting review* on your post meanwhile.`,
    replies: [],
  },
  {
    title: 'Cant deficiency limits on a mixed-traffic curve: how are you setting them?',
    category: 'track-engineering',
    tags: ['track geometry', 'cant', 'curves'],
    by: 'priya',
    daysAgo: 2,
    views: 318,
    likedBy: ['tom', 'marcus', 'david', 'elena'],
    body: `We are re-designing a 650 m radius curve carrying 160 km/h passenger trains and 60 km/h freight. Equilibrium cant for the passenger speed is far above what the freight can live with, so we are trading applied cant against cant deficiency and cant excess.

Current proposal: **applied cant 110 mm**, giving a cant deficiency of about 110 mm for the passenger trains and a cant excess of about 45 mm for the freight.

Questions for anyone who has done this recently:

1. Are you still using 110 mm as the normal cant deficiency limit for conventional stock, or going to the exceptional value with tilt-style justification?
2. How are you handling rail head wear on the low rail from the slow freight? We see side wear doubling on similar curves.

Any rules of thumb for the transition lengths welcome too.`,
    replies: [
      {
        by: 'david',
        after: 3,
        body: 'We went through the same exercise on a freight corridor last year. Keeping cant excess under 75 mm mattered more to the maintainers than squeezing out the last 10 km/h for passenger trains: low-rail crushing was the dominant cost.',
        likedBy: ['priya', 'marcus'],
      },
      {
        by: 'marcus',
        after: 7,
        body: 'From the possession side: whatever you choose, design the transitions so the cant can be run in over two shifts. A single 8-hour possession for a full re-cant of 650 m plus transitions was tight for us, with tamper and ballast regulator availability the constraint.',
        likedBy: ['priya'],
      },
      {
        by: 'priya',
        after: 26,
        body: 'Thanks both. We will take the 75 mm cant excess as a hard limit and stage the re-cant. I will post the final figures once the assurance panel has seen them.',
      },
    ],
  },
  {
    title: 'Axle counter resets after possessions: who authorises them on your network?',
    category: 'signalling',
    tags: ['axle counters', 'train detection', 'possession'],
    by: 'tom',
    daysAgo: 4,
    views: 276,
    likedBy: ['priya', 'marcus', 'aisha'],
    body: `After engineering possessions we regularly hand back with axle counter sections showing occupied, usually because a road-rail vehicle on-tracked or off-tracked inside a section.

Our current process needs the signaller to request a **preparatory reset**, then the first train proceeds at caution through the section to sweep it. It is safe, but it costs 20 to 40 minutes on a Monday morning.

- Does anyone have a documented process for a *technician-verified* reset before hand-back?
- What evidence do you ask for that the section is clear?

Keen to hear from anyone running ETCS Level 2 over axle counters, where the sweep is handled differently.`,
    replies: [
      {
        by: 'marcus',
        after: 2,
        body: 'We added "axle counter sections clear and normal" to the hand-back checklist, with the PICOP confirming with the signaller *before* the last RRV leaves site. Cut our late hand-backs by about half.',
        likedBy: ['tom', 'priya'],
      },
      {
        by: 'tom',
        after: 5,
        body: 'That is a good idea: catching it before the RRV leaves means you can still walk the section. Did you need a rule book change, or was it a local instruction?',
      },
      {
        by: 'marcus',
        after: 9,
        body: 'Local instruction, signed off by the route operations manager. Happy to share the wording by message once messages go live here.',
      },
    ],
  },
  {
    title: 'OHLE registration arm clearances at a low bridge: anyone used insulated bridge arms?',
    category: 'electrical-systems',
    tags: ['ohle', 'clearances', 'bridges'],
    by: 'aisha',
    daysAgo: 6,
    views: 402,
    likedBy: ['david', 'tom', 'priya', 'elena', 'marcus'],
    body: `We have a masonry overbridge where the electrical clearance to the soffit is below the normal static value once the contact wire is at minimum height for the gauge we need.

Options on the table:

| Option | Pros | Cons |
|---|---|---|
| Track lower | Cleanest electrically | Drainage, 3 weeks of possessions |
| Bridge reconstruction | Future-proof | Cost, heritage listing |
| Insulated bridge arms + surge arresters | Cheap, quick | Needs a derogation |

Has anyone had an insulated-arm solution accepted, and what did the derogation case rest on?`,
    replies: [
      {
        by: 'david',
        after: 4,
        body: 'On the structures side: check the parapet heights while you are there. The last time we looked at a heritage arch the parapet raising for the electrification protection screens was the bit the planners objected to, not the OLE.',
        likedBy: ['aisha'],
      },
      {
        by: 'elena',
        after: 20,
        body: 'If track lowering comes back on the table, get ground investigation booked early. Lowering under arches often finds old drainage and soft formation that turns a 3-week job into a 6-week one.',
        likedBy: ['aisha', 'david'],
      },
      {
        by: 'aisha',
        after: 30,
        body: 'Useful, thank you. The derogation case will lean on a surge arrester at each end plus a reduced dynamic clearance assessment. I will report back.',
      },
    ],
  },
  {
    title: 'Possession planning: how far ahead are you locking in access for 2027 renewals?',
    category: 'industry-insights',
    tags: ['possession planning', 'access', 'renewals'],
    by: 'marcus',
    daysAgo: 9,
    views: 215,
    likedBy: ['priya', 'tom'],
    body: `Our access planning window seems to keep moving earlier. For 2027 renewals we were asked to confirm disruptive possessions at **T-64 weeks**, with the detailed method statements at T-26.

Curious how this compares elsewhere, and whether anyone has found a good way of holding "option" possessions without being accused of bed-blocking the timetable.`,
    replies: [
      {
        by: 'tom',
        after: 6,
        body: 'Signalling resignalling schemes here are working to T-78 for blockades. We book a minimum and then negotiate extensions at T-40 once the testing plan is firm.',
      },
    ],
  },
  {
    title: 'Cutting slope monitoring after wet winters: tilt sensors or inclinometers?',
    category: 'geotechnical',
    tags: ['earthworks', 'slope stability', 'monitoring'],
    by: 'elena',
    daysAgo: 12,
    views: 188,
    likedBy: ['david', 'aisha', 'marcus'],
    body: `After two very wet winters we have a list of clay cuttings with shallow translational movement. Budget allows for monitoring on perhaps a dozen sites.

We are weighing wireless tilt sensors on the crest and upper slope (cheap, real-time alarms) against in-place inclinometers (deep, precise, but fewer and slower). Rainfall-triggered alarms through the control centre are the end goal.

What has worked for you? Any false-alarm horror stories with tilt sensors in freeze-thaw?`,
    replies: [
      {
        by: 'david',
        after: 10,
        body: 'We had good results with a mix: two inclinometers per site to understand the slip surface, and tilt sensors to cover the length. The tilt sensors produced false alarms when vegetation management crews moved them, so label them clearly.',
        likedBy: ['elena'],
      },
      {
        by: 'marcus',
        after: 28,
        body: 'Make sure the alarm response is agreed with operations before go-live: who gets called at 3 am, and what speed restriction is imposed by default. That conversation took us longer than the installation.',
        likedBy: ['elena', 'david'],
      },
    ],
  },
  {
    title: 'Bridge bearing replacement under traffic: jacking with trains running at reduced speed',
    category: 'civil-structures',
    tags: ['bridges', 'bearings', 'jacking'],
    by: 'david',
    daysAgo: 15,
    views: 233,
    likedBy: ['aisha', 'elena'],
    body: `We need to replace elastomeric bearings on a three-span steel composite underbridge. The possession team have asked whether we can jack the deck with trains passing at 20 mph between lifts, rather than taking a full weekend blockade.

The jacking system has mechanical lock rings and the deck lift is 6 mm, within the track tolerances we agreed with the track engineer. Has anyone done this with trains running, and what did you monitor during passes?`,
    replies: [
      {
        by: 'priya',
        after: 8,
        body: 'From the track side, we accepted a 6 mm lift with a temporary speed restriction and a top and line check after each lift. Ask for real-time monitoring of the rail level at the abutments; that is where any step shows up.',
        likedBy: ['david'],
      },
    ],
  },
  {
    title: 'ETCS Level 2 balise placement near switches: any lessons learned?',
    category: 'signalling',
    tags: ['etcs', 'balises', 'switches and crossings'],
    by: 'tom',
    daysAgo: 1,
    views: 97,
    likedBy: ['priya'],
    body: `Working on an ETCS Level 2 overlay and we keep running into balise group positions that clash with S&C bearers, point machines and the tamper's working envelope.

What spacing do you keep from switch toes and heels, and how do you stop the track maintenance team from destroying them on the first tamping shift?`,
    replies: [],
  },
  {
    title: 'Rail stressing in a heatwave: stress-free temperature checks after emergency repairs',
    category: 'track-engineering',
    tags: ['cwr', 'rail stressing', 'heat'],
    by: 'priya',
    daysAgo: 18,
    views: 521,
    likedBy: ['marcus', 'tom', 'david', 'aisha', 'elena', 'sarah'],
    body: `Last summer we had several emergency closure rails put in at night at low rail temperature, then forgot about them until a hot spell. One site showed lateral misalignment before it was re-stressed.

We have now added every emergency rail repair in CWR to a *stress-restoration register* with a target date. How are others tracking stress-free temperature after emergency works, and what default speed restriction do you impose until the rail is re-stressed?`,
    replies: [
      {
        by: 'marcus',
        after: 12,
        body: 'We put the restressing on the next available possession by default, booked at the same time as the emergency repair. If it cannot happen before the hot-weather period, a 50 mph restriction goes on during heat alerts.',
        likedBy: ['priya', 'sarah'],
      },
      {
        by: 'tom',
        after: 30,
        body: 'Not my discipline, but the track circuit and axle counter people appreciate being told about closure rails too: the insulated joints and bonds sometimes get disturbed in the rush.',
        likedBy: ['priya'],
      },
      {
        by: 'david',
        after: 50,
        body: 'Similar register here, and we add the sites to the bridge expansion-joint watch list when they are within 100 m of a structure with rail expansion switches.',
      },
      {
        by: 'priya',
        after: 70,
        body: 'All useful, thanks. The 50 mph heat-alert default is what we will propose.',
        likedBy: ['marcus'],
      },
    ],
  },
  {
    title: 'Traction return and bonding through a new turnout: cross-bond positions',
    category: 'electrical-systems',
    tags: ['traction return', 'bonding', 'switches and crossings'],
    by: 'aisha',
    daysAgo: 22,
    views: 144,
    likedBy: ['tom'],
    body: `We are installing a new crossover on a DC third-rail area with single-rail track circuits. The signalling and electrification teams have different views on where the traction cross-bonds should go relative to the IRJs.

How do you settle this between disciplines, and who signs off the final bonding plan?`,
    replies: [
      {
        by: 'tom',
        after: 5,
        body: 'Joint bonding plan, signed by both the signalling and the E&P design leads, with the track circuit designer having the final say on anything inside a track circuit. It avoids the last-minute rework we used to have at testing.',
        likedBy: ['aisha'],
      },
    ],
  },
  {
    title: 'Graduate engineers: what do you wish you had been taught about standards?',
    category: 'industry-insights',
    tags: ['careers', 'standards', 'graduates'],
    by: 'sarah',
    daysAgo: 5,
    views: 167,
    likedBy: ['priya', 'elena'],
    body: `We are putting together a short induction for graduates joining rail design teams. What do you wish someone had told you in your first year about navigating standards, derogations and the difference between a *requirement* and *guidance*?`,
    replies: [
      {
        by: 'elena',
        after: 9,
        body: 'That the standard is the minimum, not the design. And to read the rationale sections: they tell you what the limit is protecting against, which is what you need when a site does not fit.',
        likedBy: ['sarah', 'priya', 'tom'],
      },
    ],
  },
  {
    title: 'Drainage under S&C: slab track transitions keep pumping. Ideas?',
    category: 'geotechnical',
    tags: ['drainage', 'formation', 'switches and crossings'],
    by: 'elena',
    daysAgo: 3,
    views: 84,
    likedBy: [],
    body: `We have wet beds and pumping at both ends of a slab track section through a station, right where the S&C sits. The cess drains were jetted last year but it is back within months.

Has anyone had success with geocomposite drainage layers or under-sleeper pads to spread the load at the transition, or is it always back to formation renewal?`,
    replies: [],
  },
];
