/**
 * The blog's first three posts, published with the demo data. Written for readers in India; research is described
 * as what it is (often studies of groups of people, or of mice), and nothing here promises a cure.
 */
import type { SeedPiece } from './pieces';

const ibs: SeedPiece = {
  kind: 'post',
  slug: 'ibs',
  title: 'Living with IBS: what your gut microbiome has to do with it',
  summary:
    'What irritable bowel syndrome is, how the gut and the brain keep talking, what research links with gut bacteria, and how a guided low-FODMAP diet with Indian food swaps can help.',
  tags: ['ibs', 'fodmap', 'gut-brain'],
  author: 'doctor',
  daysAgo: 30,
  bodyHtml: `
<p>Irritable bowel syndrome, or IBS, is one of the most common reasons people see a doctor about their stomach. It can mean cramps that come and go, bloating that makes trousers feel tight by evening, and bowel habits that swing between urgency and constipation. It does not damage the bowel, but it can shape every day: where you eat, how far you travel, whether you say yes to a wedding feast. Here is what IBS is, what your gut bacteria have to do with it, and what helps.</p>

<h2>What IBS is, in plain words</h2>
<p>Doctors diagnose IBS from a pattern of symptoms, described in the Rome IV criteria. In plain words: you have had tummy pain on at least one day a week, on average, over the last three months, and the pain goes with at least two of these: it is related to passing stool (often better or worse afterwards), it comes with a change in how often you go, or it comes with a change in what your stool looks like. The symptoms should have started at least six months before the diagnosis.</p>
<p>IBS is then described by the stool habit that dominates: <strong>IBS-C</strong> (mostly constipation), <strong>IBS-D</strong> (mostly diarrhoea), or <strong>IBS-M</strong> (mixed, switching between the two). Knowing your type matters, because what helps constipation can make diarrhoea worse, and the other way round.</p>
<p>No single test proves IBS. Your doctor may order a few, such as a blood count or a test for coeliac disease, to rule out other causes.</p>

<h2>The gut and the brain keep talking</h2>
<p>The gut has its own network of nerves and talks constantly with the brain through the vagus nerve, hormones and the immune system: the gut–brain axis. In many people with IBS the gut is more sensitive than usual: gas or stretching that others would not notice is felt as pain. Stress, poor sleep and anxiety can turn up that sensitivity and change how fast food moves through the bowel, which is why symptoms often flare in a hard week. None of this means IBS is “in your head”; it means the gut and the brain work as one system.</p>

<h2>What research links with the microbiome</h2>
<p>Your gut is home to trillions of microbes, together called the gut microbiome. Studies comparing groups of people with and without IBS have found differences in their gut bacteria on average, for example in how varied the community is. These differences are not the same in everyone, and there is no single “IBS microbiome” a test could diagnose. Researchers are still working out whether the changes help cause symptoms, follow from them, or both.</p>
<p>A few links are clearer. IBS sometimes begins after a bout of gastroenteritis, which suggests that upsetting the gut and its microbes can set it off in some people. And gut bacteria ferment carbohydrates that the small intestine does not absorb. Fermentation is normal and healthy, but it makes gas, and in a sensitive gut that gas can mean bloating and pain.</p>

<h2>The low-FODMAP approach, with guidance</h2>
<p>FODMAPs are a group of carbohydrates that are poorly absorbed and readily fermented: fructans (in wheat, onion and garlic), galacto-oligosaccharides (in dals and beans), lactose (in milk), excess fructose (in some fruits and honey) and polyols (in some fruits, vegetables and sugar-free sweets). In controlled trials, a diet low in FODMAPs eased symptoms for many people with IBS.</p>
<p>It is not a diet for life. It has three phases:</p>
<ol>
<li><strong>Restriction</strong> for two to six weeks, swapping high-FODMAP foods for lower ones.</li>
<li><strong>Reintroduction</strong>, one food group at a time, to learn which ones trigger your symptoms and in what amounts.</li>
<li><strong>Personalisation</strong>: a long-term way of eating that keeps every food you tolerate.</li>
</ol>
<p>Doing this with a nutritionist matters. A strict diet cuts out many fibre-rich foods, and studies have found that it can lower some bacteria, such as bifidobacteria, while it lasts. Reintroduction brings that fibre back.</p>

<h2>Indian food swaps</h2>
<p>Indian kitchens are full of FODMAPs: onion and garlic in nearly every tadka, wheat rotis, rajma and chole, milky chai. During the restriction phase, these swaps often help:</p>
<ul>
<li>Use <strong>hing</strong> (asafoetida) and garlic-infused oil for flavour instead of onion and garlic; the fructans do not pass into the oil. Many hing powders are mixed with wheat flour, so read the label.</li>
<li>Use the <strong>green tops of spring onions</strong> instead of the bulbs.</li>
<li>Have <strong>rice, poha or rice-based idli and dosa</strong> when wheat portions bother you.</li>
<li>Keep dals in <strong>smaller portions</strong>; your nutritionist may suggest canned, well-rinsed chickpeas or lentils, which hold fewer FODMAPs.</li>
<li>Try <strong>curd</strong> or lactose-free milk in place of large glasses of milk, and a less milky chai.</li>
<li>Choose fruits such as <strong>papaya, orange, grapes or a firm banana</strong> over mango, apple or watermelon during this phase.</li>
</ul>

<h2>Symptoms that need a doctor first</h2>
<p>These are not typical of IBS and need a medical check before any diet change:</p>
<ul>
<li>blood in your stool, or black stools;</li>
<li>weight loss you did not intend, or anaemia;</li>
<li>symptoms that wake you at night, fever or repeated vomiting;</li>
<li>new bowel symptoms after the age of 50;</li>
<li>a family history of bowel cancer, coeliac disease or inflammatory bowel disease.</li>
</ul>

<h2>Where Gut Heal fits</h2>
<p><a href="/products/ibs-heal">Gut Heal</a> is for adults whose doctor has diagnosed IBS. It combines a gut microbiome test with a 12-week programme led by a gut-health nutritionist: a guided low-FODMAP phase, step-by-step reintroduction and a long-term plan built around the foods you tolerate, with three consultations with the nutritionist. You take your sample before you change your diet, so that the report shows your gut as it was; the report is ready 4 to 6 weeks after the lab receives it, while your programme has already begun.</p>
<p>Gut Heal does not cure IBS; the aim is fewer symptoms with the widest diet you tolerate. Keep taking the medicines your doctor prescribed, and tell your nutritionist about them.</p>
`,
};

const lasVegas: SeedPiece = {
  kind: 'post',
  slug: 'las-vegas',
  title: 'What a trip to Las Vegas does to your gut: travel, late nights and jet lag',
  summary:
    'A long flight, a twelve-hour time shift, buffets and late nights: what research says about jet lag and gut bacteria, and practical advice for Indian travellers, there and back.',
  tags: ['travel', 'sleep', 'jet-lag'],
  author: 'nutritionist',
  daysAgo: 10,
  bodyHtml: `
<p>A trip from India to Las Vegas is a lot for a body to take in. There is a long flight, usually with a change of planes; a time difference of twelve and a half to thirteen and a half hours, depending on the season; desert heat; buffets that never close; and nights that run into mornings. Your gut feels all of it. Here is what we know about why, and what you can do.</p>

<h2>Your gut keeps time too</h2>
<p>Most of us know jet lag as tiredness at the wrong hour. But the body’s clocks are not only in the brain: the gut has daily rhythms of its own, in how it moves food along, in the juices it makes and in its lining.</p>
<p>Gut bacteria seem to keep time as well. In a study published in <em>Cell</em> in 2014 (Thaiss and colleagues, <a href="https://doi.org/10.1016/j.cell.2014.09.048">doi:10.1016/j.cell.2014.09.048</a>), researchers found that in mice, the numbers and activities of many gut bacteria rose and fell over the day, a rhythm set largely by when the mice ate. When the mice were put on a jet-lag-like schedule, those rhythms were disturbed, and on a fatty diet the jet-lagged mice gained more weight and handled sugar less well.</p>
<p>The same team also followed two people on flights with a time shift of eight to ten hours. Their gut bacteria changed during jet lag and settled back afterwards; and stool taken from them during jet lag, put into germ-free mice, was followed by more weight gain in those mice than stool taken before or after. Two people are far too few to say what jet lag does to everyone’s gut, and mice are not people. But the study is a good reason to think of regular meal and sleep times as part of looking after your gut.</p>

<h2>On the flight</h2>
<p>Sitting still for many hours slows the bowel, cabin air is dry, and gas in the gut expands a little as cabin pressure drops, which is why bloating on long flights is so common. Drink water regularly, walk the aisle when you can, go easy on fizzy drinks, and choose lighter meals on board.</p>

<h2>The buffet</h2>
<p>Las Vegas is famous for its buffets. Large, rich meals, eaten late and fast, are hard on anyone’s gut, and harder if you are used to home food. A few habits help:</p>
<ul>
<li>Walk around the whole buffet before you take anything, then choose.</li>
<li>Start with salad and vegetables, and fill half your plate with them.</li>
<li>Look for dal, rice, grilled vegetables, beans and yoghurt, which are often there and close to what your gut knows.</li>
<li>Take small portions of the rich dishes and desserts you want to try, rather than large portions of many.</li>
<li>Eat slowly, and stop before you are full; a second round is always possible.</li>
</ul>

<h2>Alcohol and the heat</h2>
<p>Alcohol irritates the lining of the stomach and gut, can loosen stools or bring on reflux, and disturbs sleep even when it makes you drowsy. Las Vegas is in a desert, and the dry heat adds to the dehydration. If you drink, eat first, alternate each drink with a glass of water, and keep some evenings free of alcohol.</p>

<h2>Late nights</h2>
<p>Many casinos keep their lights on around the clock and have few windows, so it is easy to lose track of time. Short and irregular sleep makes jet lag last longer. Try to sleep at roughly the same local hours every night, get outside into daylight in the morning, and keep tea and coffee to the first half of the day.</p>

<h2>Practical advice for Indian travellers</h2>
<ul>
<li><strong>Before you fly</strong>, move your meal and sleep times an hour or so towards the new time zone over a few days, if your schedule allows.</li>
<li><strong>On arrival</strong>, eat on local time from the first day, even if you are not hungry for a full meal.</li>
<li><strong>Carry familiar snacks</strong> such as roasted chana, makhana or khakhra for days when the food feels too heavy. Declare any food you carry when you land in the United States: dry packaged snacks are usually allowed, while fresh fruit, vegetables and meat products generally are not.</li>
<li><strong>Vegetarian food</strong> is easier to find than many expect; ask for the vegetarian or vegan choices, and ask what is in a dish if you avoid eggs.</li>
<li><strong>Drink safe water</strong>, wash your hands before meals, and pack the medicines your doctor advised for the trip, including oral rehydration salts.</li>
</ul>

<h2>Back home</h2>
<p>For most people, jet lag flying east, as you do coming home to India, is harder than flying west. Give yourself a few days. Go back to regular meal times straight away, with simple home food: dal and rice, curd, cooked vegetables, fruit. Get daylight in the morning and go to bed at your usual time, even if you lie awake a little at first.</p>
<p>If loose stools last more than a few days, or come with fever, blood or signs of dehydration, see a doctor. And if your gut has not felt like itself for weeks, whether after a trip or not, a doctor’s visit is the right first step.</p>
`,
};

const sleepStress: SeedPiece = {
  kind: 'post',
  slug: 'sleep-stress',
  title: 'Sleep, stress and your gut: a two-way street',
  summary:
    'How the gut and the brain talk to each other, what research says (and does not yet say) about sleep, stress and gut bacteria, the GAD-7 and PSQI questionnaires, and everyday habits that help.',
  tags: ['sleep', 'stress', 'gut-brain'],
  author: 'doctor',
  daysAgo: 20,
  bodyHtml: `
<p>A tense week can show up as a knot in the stomach, and a bad night’s sleep can leave your digestion as tired as you are. These are not coincidences. The gut and the brain are in constant conversation, and sleep and stress are two of the main things they talk about. This article explains what we know, what we do not know yet, and what you can do.</p>

<h2>The gut–brain axis</h2>
<p>The gut has a large network of nerves of its own and is linked to the brain in several ways:</p>
<ul>
<li><strong>Nerves</strong>, above all the vagus nerve, which carries signals in both directions.</li>
<li><strong>Hormones</strong>: stress sets off a chain of hormones that ends in cortisol, which acts on the gut as well as the rest of the body.</li>
<li><strong>The immune system</strong>, much of which sits in and around the gut.</li>
<li><strong>What gut bacteria make</strong>: for example short-chain fatty acids such as butyrate, made when bacteria ferment fibre, and substances that act on nerves.</li>
</ul>
<p>Most of the body’s serotonin, a signalling molecule best known for its role in mood, is made in the gut, where it helps control how the bowel moves. Gut serotonin does not simply travel to the brain, but it shows how closely the two systems share the same language.</p>

<h2>How stress reaches the gut</h2>
<p>Under stress, the gut can speed up or slow down, become more sensitive to stretching and gas, and let more through its lining than usual. That is why exams, deadlines or family worries can bring on cramps, loose stools or constipation, and why stress often sets off a flare in people with IBS. In animal studies, stress also changes which bacteria live in the gut. The traffic runs the other way too: a gut that is uncomfortable sends signals that can make you feel more anxious.</p>

<h2>Sleep and gut bacteria</h2>
<p>Studies of groups of people have found links between how long and how well people sleep and the make-up of their gut bacteria, for example how varied the community is. Some small studies that cut people’s sleep short for a few nights found changes in their gut bacteria. Gut bacteria also seem to follow a daily rhythm set partly by when we eat, so late nights and irregular meals may disturb them.</p>

<h2>What this research can and cannot tell us</h2>
<p>Much of this research finds associations: people who sleep poorly tend to have certain gut bacteria, but that does not show which causes which, or whether something else, such as diet, stress or illness, lies behind both. Many studies are small, and many of the clearest results come from mice. It is a young and active field. We present links, not certainties, and we will not tell you that a food or a supplement will fix your sleep or your mood.</p>

<h2>Two questionnaires that measure what you feel</h2>
<p>Because sleep and stress are felt before they are measured, researchers and clinicians use well-tested questionnaires:</p>
<ul>
<li>The <a href="/questionaire/gad7">GAD-7</a> asks seven questions about how often worry and nervousness bothered you over the last two weeks. Its score, from 0 to 21, is widely used to screen for anxiety symptoms and gauge how strong they are.</li>
<li>The <a href="/questionaire/psqi">Pittsburgh Sleep Quality Index (PSQI)</a> asks about your sleep over the past month, from how long you take to fall asleep to how tired you feel in the day, and sums seven parts into one score; a higher score means poorer sleep.</li>
</ul>
<p>Both screen; neither diagnoses. A high score is a reason to talk to a doctor, not a label. If you ever have thoughts of harming yourself, please contact a doctor or call the Tele-MANAS helpline on 14416 now.</p>

<h2>What Gut SEnS looks at</h2>
<p><a href="/products/gutsens">Gut SEnS</a> pairs a gut microbiome test with these two questionnaires. The report sets your gut bacteria beside your sleep and stress scores: bacteria with genes for making or using GABA and for tryptophan metabolism (the pathway that leads to serotonin), and the fibre fermenters that make short-chain fatty acids. A nutritionist consultation turns it into a food and routine plan. Your report is ready 4 to 5 weeks after the lab receives your sample and both questionnaires are complete. If you take medicine for sleep or anxiety, keep taking it as prescribed; a report is never a reason to stop.</p>

<h2>Habits that help both ends</h2>
<ul>
<li><strong>Keep regular hours.</strong> Going to bed and waking at about the same time, weekends included, steadies your body’s clocks, the gut’s among them.</li>
<li><strong>Get morning daylight</strong>, even ten minutes on a balcony or a walk to the shop.</li>
<li><strong>Eat at regular times</strong>, and finish dinner two to three hours before bed.</li>
<li><strong>Watch the evening chai and coffee</strong>: caffeine lingers for hours, so keep it to the first half of the day.</li>
<li><strong>Feed your gut bacteria</strong> with fibre from many plants: dals, whole grains and millets, vegetables, fruit, nuts and seeds. Fermented foods such as curd, idli and dosa, and kanji are part of many Indian kitchens already.</li>
<li><strong>Move every day</strong>: walking, yoga, cycling, whatever you enjoy.</li>
<li><strong>Give stress a way out</strong>: slow breathing, a short walk, talking to someone you trust, or professional help when it is too much.</li>
<li><strong>Go easy on alcohol</strong>, which may help you fall asleep but makes sleep lighter and more broken later in the night.</li>
</ul>
<p>If poor sleep, worry or gut symptoms have lasted for weeks, start with your doctor. Sleep, stress and the gut are a two-way street, and small steps on any side of it can help the others.</p>
`,
};

export const SEED_POSTS: readonly SeedPiece[] = [ibs, lasVegas, sleepStress];
