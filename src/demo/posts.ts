/** News, lifestyle ('life') and The Familie posts, each with an illustrated header image. */
import type { Insertable } from 'kysely';
import type { PostTable } from '../server/db/schema.ts';
import { SCENE_KINDS, sceneFile, type MediaRegistry } from './media.ts';
import type { Rng } from './prng.ts';
import { PRINT_COLOURWAYS } from './prints.ts';
import { daysBefore, slugify } from './text.ts';

type PostKind = 'news' | 'life' | 'familie';

const POSTS: Record<PostKind, Array<[title: string, excerpt: string]>> = {
  news: [
    [
      'Tropic Thunder Is Back for Summer',
      'The print that sold out in nine minutes last year returns in three new colourways.',
    ],
    [
      'Introducing the Long Leg Boxer Brief',
      'Two extra inches of coverage, zero ride-up. Our most requested length is finally here.',
    ],
    [
      'We Opened Our First Store',
      'Come see the prints in person: our Denver flagship opens its doors on Larimer Street.',
    ],
    [
      'Midnight Camo Restock Alert',
      'It is back, in every size from 2T to 3XL, and this time we printed a lot more of it.',
    ],
    ['Free Exchanges, Forever', 'Wrong size? Swap it for free, any time within 30 days. No fine print.'],
    [
      'Meet the Toddler Collection',
      'Tagless, potty-training friendly and printed in the same loud prints as the grown-ups.',
    ],
    [
      'Our 2024 Impact Report',
      'Recycled mailers, carbon-neutral shipping and 40,000 pairs donated: here is how we did.',
    ],
    [
      'The Ultimate Giveaway Returns',
      'A year of underwear, a road trip and a custom print named after you. Entries are open.',
    ],
    ['New: Cushioned Crew Socks', 'Arch support, a cushioned footbed and the same prints as your boxer briefs.'],
    ['Bras, Finally', 'After two years of fittings, our first wire-free bralettes and t-shirt bras are here.'],
    [
      'Holiday Shipping Deadlines',
      'Order by December 18 with standard shipping, or December 21 with express, to get it by the big day.',
    ],
    [
      'Gift Cards Now Come With a Bonus',
      'Buy a $100 gift card and we will send you a $20 bonus card to keep for yourself.',
    ],
    [
      'The Signature Series Drops Friday',
      'The ten prints The Familie voted for most, remastered on our softest fabric yet.',
    ],
  ],
  life: [
    [
      'The Perfect Lake Weekend Packing List',
      'Sunscreen, a cooler, and more pairs of boxer briefs than seems reasonable.',
    ],
    ['How to Throw a Backyard Luau', 'Tiki torches, a playlist and a dress code: Hawaiian prints mandatory.'],
    ['Road Trip Rules We Live By', 'Whoever drives picks the music. Whoever sleeps gets their photo taken.'],
    ['A Beginner’s Guide to Camping', 'Everything we wish someone had told us before our first night under the stars.'],
    ['The Art of the Ugly Sweater Party', 'Judging criteria, snack strategy and how to win without really trying.'],
    ['Five Easy Tailgate Recipes', 'Foil-pack nachos, grilled street corn and three more crowd pleasers.'],
    ['Why Loud Prints Make Better Mornings', 'A completely unscientific investigation into the power of palm trees.'],
    ['Ski Trip Survival Guide', 'Layers, hand warmers and the après-ski outfit that says you belong.'],
    ['How We Name Our Prints', 'Inside the brainstorm where Tropic Thunder and Midnight Camo got their names.'],
    ['The Best Festival Hacks', 'From portable chargers to the socks that will save your feet on day three.'],
    ['Dad Jokes, Ranked', 'Our staff voted on the corniest jokes in the office. The winner will not surprise you.'],
    ['Summer Bucket List', 'Thirty things to do before Labor Day, from cannonball contests to sunrise hikes.'],
  ],
  familie: [
    ['Meet Marcus, Our Most Loyal Customer', 'Two hundred and twelve orders, one drawer, and a very patient partner.'],
    ['The Familie Reunion Recap', 'Five hundred of you showed up in matching prints. Here is what happened.'],
    [
      'Familie Spotlight: The Nguyen Family',
      'Three generations, one print, and the best family photo we have ever seen.',
    ],
    ['Your Prints, Our Walls', 'We asked for your photos in your favourite prints. You delivered.'],
    ['The Familie Names a Print', 'Twelve thousand votes later, the next print has a name.'],
    ['Wedding Party Goals', 'When the groomsmen coordinate their boxer briefs, you know it is a good wedding.'],
    [
      'Familie Spotlight: Coach Denise',
      'A high-school coach who rewards every win with a new pair of socks for the team.',
    ],
    ['Letters From The Familie', 'The kindest, funniest and most baffling notes you have sent us this year.'],
  ],
};

const PARAGRAPHS: Record<PostKind, string[]> = {
  news: [
    'As always, members of The Familie get first access: look out for an e-mail the night before launch.',
    'Sizes run from XS to 3XL in adult styles and 2T to XL for the little ones, with free exchanges if the fit is not right.',
    'We tested every sample for weeks of real-world wear before signing off, and we think you will feel the difference on day one.',
    'Stock is limited, and when a print sells out we cannot promise it will come back, so do not wait too long.',
    'Questions? Our support crew is standing by by e-mail and phone, seven days a week during launch week.',
  ],
  life: [
    'Start with the basics and build from there: the best plans leave room for a little chaos.',
    'Invite more people than you think you need. The best stories always involve someone you met that day.',
    'Pack one more pair of socks than you think you need. Trust us on this one.',
    'Take the photo, then put the phone away. Some moments are better lived than posted.',
    'And whatever you do, wear something loud. It is hard to have a bad time in a flamingo print.',
  ],
  familie: [
    'We asked what keeps them coming back, and the answer was simple: it is comfortable, and it makes people smile.',
    'Stories like this are why we do what we do. Keep them coming: our inbox is always open.',
    'Want to be featured? Tag your photos and tell us your story; we read every single one.',
    'We sent a thank-you box, obviously. It included a print that has not been released yet.',
    'The Familie is the best part of this job, and we do not say that lightly.',
  ],
};

export function postRows(rng: Rng, now: Date, media: MediaRegistry): Insertable<PostTable>[] {
  const rows: Insertable<PostTable>[] = [];
  for (const kind of ['news', 'life', 'familie'] as const) {
    POSTS[kind].forEach(([title, excerpt], i) => {
      const slug = slugify(title);
      const design = PRINT_COLOURWAYS[rng.int(0, PRINT_COLOURWAYS.length - 1)];
      if (!design) throw new Error('No print colourways');
      const sceneKind =
        SCENE_KINDS[(i + (kind === 'life' ? 3 : kind === 'familie' ? 5 : 0)) % SCENE_KINDS.length] ?? 'waves';
      const file = sceneFile(`posts/${kind}-${slug}`, {
        kind: sceneKind,
        width: 1600,
        height: 1000,
        printIndex: design.printIndex,
        colourwayIndex: design.colourwayIndex,
        shapes: ['boxer-brief-mid', 'tee', 'sock-crew'],
        headline: '',
      });
      const paragraphs = rng.shuffle(PARAGRAPHS[kind]).slice(0, 3);
      rows.push({
        id: `${kind}-${i + 1}`,
        kind,
        slug,
        title,
        excerpt,
        content: `<p>${excerpt}</p>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`,
        image: JSON.stringify({ url: media.add(file), width: 1600, height: 1000, title, media_type: 'image' }),
        published_at: daysBefore(now, i * 9 + rng.int(1, 6) + (kind === 'news' ? 0 : 2), rng.int(8, 18)),
      });
    });
  }
  return rows;
}
