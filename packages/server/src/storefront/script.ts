import { createHash } from 'node:crypto';

/**
 * The storefront's only script (no framework): product option pickers, the cart (kept in
 * localStorage per store) and the checkout form. Pages work without it except the cart.
 */
export const STOREFRONT_SCRIPT = `(function(){'use strict';
var d=document,b=d.body,slug=b.dataset.store,prefix=b.dataset.prefix||'',cur=b.dataset.currency||'USD',loc=b.dataset.locale||'en-US';
var KEY='printloom-cart:'+slug;
// A confirmed order (also after a return from PayPal) empties the cart it was paid from.
if(d.getElementById('order-confirmed'))localStorage.removeItem(KEY);
function load(){try{return JSON.parse(localStorage.getItem(KEY)||'[]')}catch(e){return[]}}
function save(c){localStorage.setItem(KEY,JSON.stringify(c));badge()}
function fmt(v){var whole=Math.round(v*100)%100===0,p=['AUD','CAD','MXN','NZD','SGD','HKD'].indexOf(cur)>=0;
var t=new Intl.NumberFormat(loc,{style:'currency',currency:cur,currencyDisplay:p?'narrowSymbol':'symbol',minimumFractionDigits:whole?0:2,maximumFractionDigits:whole?0:2}).format(v);return p?cur+' '+t:t}
function minor(v){return fmt(v/100)}
function badge(){var n=load().reduce(function(s,l){return s+l.quantity},0);d.querySelectorAll('[data-cart-link]').forEach(function(a){a.textContent=n?'Cart ('+n+')':'Cart'})}
function el(tag,attrs,text){var e=d.createElement(tag);for(var k in attrs)e.setAttribute(k,attrs[k]);if(text!=null)e.textContent=text;return e}
badge();
// Product page
var pf=d.getElementById('product-form');
if(pf){var data=JSON.parse(d.getElementById('product-data').textContent),main=d.getElementById('main-image'),thumbs=d.getElementById('thumbs');
function current(){var id=Number(d.getElementById('product').value);return data.find(function(p){return p.id===id})||data[0]}
function priceOf(p){var z=d.getElementById('size').value,o=p.size_prices&&p.size_prices[z];return o!=null?o:p.price}
function showPrice(){var p=current(),v=priceOf(p);d.getElementById('price').textContent=fmt(v);var rate=Number(pf.dataset.compareRate);var c=d.getElementById('compare');if(c&&rate>1)c.lastChild.textContent=fmt(v*rate)}
d.getElementById('size').addEventListener('change',showPrice);
function show(img){if(!main)return;main.src=img.url;main.alt=img.alt;thumbs.querySelectorAll('button').forEach(function(x){x.setAttribute('aria-pressed',String(x.dataset.src===img.url))})}
thumbs.addEventListener('click',function(e){var t=e.target.closest('button');if(t)show({url:t.dataset.src,alt:t.dataset.alt})});
var sel=d.getElementById('product');
if(sel.tagName==='SELECT')sel.addEventListener('change',function(){var p=current();
var box=d.querySelector('#colors .swatches');box.textContent='';p.colors.forEach(function(color,i){var l=el('label'),r=el('input',{type:'radio',name:'color',value:color});if(!i)r.checked=true;l.append(r,' '+color);box.append(l)});
var s=d.getElementById('size');s.textContent='';p.sizes.forEach(function(x){s.append(el('option',{},x))});showPrice();
thumbs.textContent='';p.images.forEach(function(img,i){var li=el('li'),bt=el('button',{type:'button','aria-pressed':String(!i),'data-src':img.url,'data-alt':img.alt});bt.append(el('img',{src:img.url,alt:'',width:64,height:64}),el('span',{class:'visually-hidden'},'Show '+img.alt));li.append(bt);thumbs.append(li)});
if(p.images[0])show(p.images[0])});
var pz=d.getElementById('personalize');
// Personalised product: the buyer's values, a debounced live preview, the server's check
function pvals(preview){var out=[];if(!pz)return out;pz.querySelectorAll('.pfield').forEach(function(f){var v={print_space:f.dataset.printSpace,layer_id:f.dataset.layer};
if(f.dataset.kind==='text'){var i=f.querySelector('input[type=text]'),t=i.value,fo=f.querySelector('[data-part=font]'),co=f.querySelector('[data-part=color]:checked');if(fo&&fo.value)v.font_id=Number(fo.value);if(co&&co.value)v.color=co.value;
if(!t.trim()&&preview&&(v.font_id||v.color))t=i.placeholder;if(t.trim())v.text=t;if(v.text||!preview)out.push(v)}
else{var r=f.querySelector('input[type=radio]:checked');if(r){v.clipart_id=Number(r.value);out.push(v)}else if(!preview)out.push(v)}});return out}
function perr(errors){pz.querySelectorAll('[data-error-for]').forEach(function(p){p.hidden=true;p.textContent=''});pz.querySelectorAll('[aria-invalid]').forEach(function(x){x.removeAttribute('aria-invalid')});var first=null,pe=d.getElementById('personal-error');pe.hidden=true;
Object.keys(errors||{}).forEach(function(k){var m=errors[k][0],key=k.replace(/^personalization.?/,''),p=key&&pz.querySelector('[data-error-for="'+key.replace(/"/g,'')+'"]');
if(!p){pe.textContent=m;pe.hidden=false;return}p.textContent=m;p.hidden=false;var f=p.closest('.pfield'),i=f.querySelector('input[type=text]')||f.querySelector('input');i.setAttribute('aria-invalid','true');if(!first)first=i});if(first)first.focus()}
if(pz){var pimg=d.getElementById('personal-preview'),pst=d.getElementById('preview-status'),ptimer=0,pseq=0;
function redraw(){clearTimeout(ptimer);ptimer=setTimeout(function(){var n=++pseq;pst.textContent='Drawing your preview…';
fetch(pz.dataset.preview+'?print_space='+encodeURIComponent(pz.dataset.printSpace)+'&values='+encodeURIComponent(JSON.stringify(pvals(true)))).then(function(r){if(n!==pseq)return;
if(!r.ok)return r.json().then(function(j){pst.textContent=j.message||'The preview cannot be drawn.'});return r.blob().then(function(bl){if(n!==pseq)return;var old=pimg.src;pimg.src=URL.createObjectURL(bl);if(old.indexOf('blob:')===0)URL.revokeObjectURL(old);pst.textContent='Preview updated.'})},function(){pst.textContent='The preview cannot be reached.'})},400)}
function fixed(e){var f=e.target.closest('.pfield'),p=f&&f.querySelector('[data-error-for]');if(p){p.hidden=true;p.textContent='';f.querySelectorAll('[aria-invalid]').forEach(function(x){x.removeAttribute('aria-invalid')})}redraw()}
pz.addEventListener('input',fixed);pz.addEventListener('change',fixed)}
pf.addEventListener('submit',function(e){e.preventDefault();var p=current(),f=new FormData(pf),q=Math.max(1,Math.min(99,Number(f.get('quantity'))||1));
var line={campaign_id:Number(pf.dataset.campaign),product_id:p.id,color:String(f.get('color')||p.colors[0]),size:String(f.get('size')||p.sizes[0]),quantity:q,name:pf.dataset.name+' – '+p.name,price:priceOf(p),image:(p.images[0]||{}).url||'',url:pf.dataset.url};
function add(){var c=load(),key=JSON.stringify(line.personalization||[]),same=c.find(function(l){return !l.set&&l.product_id===line.product_id&&l.color===line.color&&l.size===line.size&&JSON.stringify(l.personalization||[])===key});
if(same)same.quantity=Math.min(99,same.quantity+q);else c.push(line);save(c);
var a=d.getElementById('added');a.textContent='Added to your cart. ';a.append(el('a',{href:prefix+'/cart'},'View cart'))}
if(!pz){add();return}var vals=pvals(false);
fetch(pz.dataset.check,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({personalization:vals})}).then(function(r){return r.json()}).then(function(j){
if(!j.success){perr(j.errors||{personalization:[j.message||'Please check your personalisation.']});return}perr({});line.personalization=vals;line.details=j.data.summary;add()},function(){perr({personalization:['The shop cannot be reached. Please try again.']})})})}
// Combo product page: one line for the whole set (a colour and size per product), at the bundle price
var cb=d.getElementById('combo-form');
if(cb){var cd=JSON.parse(d.getElementById('combo-data').textContent);
cb.addEventListener('submit',function(e){e.preventDefault();var f=new FormData(cb),q=Math.max(1,Math.min(99,Number(f.get('quantity'))||1));
var set=cd.products.map(function(p){return{product_id:p.id,name:p.name,color:String(f.get('color-'+p.id)),size:String(f.get('size-'+p.id))}});
var line={campaign_id:Number(cb.dataset.campaign),product_id:set[0].product_id,set:set,color:set.map(function(x){return x.color}).join(' / '),size:set.map(function(x){return x.size}).join(' / '),quantity:q,name:cb.dataset.name+' (set)',price:cd.price,image:cb.dataset.image||'',url:cb.dataset.url};
var key=JSON.stringify(set),c=load(),same=c.find(function(l){return l.set&&l.campaign_id===line.campaign_id&&JSON.stringify(l.set)===key});
if(same)same.quantity=Math.min(99,same.quantity+q);else c.push(line);save(c);
var a=d.getElementById('added');a.textContent='Added the set to your cart. ';a.append(el('a',{href:prefix+'/cart'},'View cart'))})}
// Cart
var box=d.getElementById('cart'),rd=d.getElementById('restore-data');
// A recovery email's link fills the cart with its checkout's items, once.
if(rd){save(JSON.parse(rd.textContent));history.replaceState(null,'',location.pathname)}
function drawCart(){var c=load(),go=d.getElementById('to-checkout');box.textContent='';if(!c.length){box.append(el('p',{class:'muted'},'Your cart is empty.'));go.hidden=true;return}
var t=el('table'),h=el('thead'),tr=el('tr');['Item','Colour','Size','Quantity','Price',''].forEach(function(x){tr.append(el('th',{scope:'col'},x))});h.append(tr);t.append(h);var tb=el('tbody'),sum=0;
c.forEach(function(l,i){var r=el('tr'),n=el('td'),a=el('a',{href:l.url},l.name);n.append(a);(l.details||[]).forEach(function(x){n.append(el('div',{class:'muted'},x))});r.append(n,el('td',{},l.color),el('td',{},l.size));
var qt=el('td'),qi=el('input',{type:'number',min:1,max:99,value:l.quantity,'aria-label':'Quantity of '+l.name,style:'max-width:5rem'});qi.addEventListener('change',function(){var c2=load();c2[i].quantity=Math.max(1,Math.min(99,Number(qi.value)||1));save(c2);drawCart()});qt.append(qi);
var rm=el('button',{type:'button',class:'btn secondary'},'Remove');rm.setAttribute('aria-label','Remove '+l.name);rm.addEventListener('click',function(){var c2=load();c2.splice(i,1);save(c2);drawCart()});
var rt=el('td');rt.append(rm);sum+=l.price*l.quantity;r.append(qt,el('td',{},fmt(l.price*l.quantity)),rt);tb.append(r)});
t.append(tb);box.append(t,el('p',{class:'price'},'Subtotal: '+fmt(Math.round(sum*100)/100)));go.hidden=false}
if(box)drawCart();
// Checkout
var cf=d.getElementById('checkout-form');
if(cf){var states=JSON.parse(d.getElementById('states-data').textContent),country=d.getElementById('country'),st=d.getElementById('state'),stt=d.getElementById('state-text'),msg=d.getElementById('checkout-message'),checkoutId=null,pending=null,stripe=null,elements=null,stripeReturn='';
var sm=d.getElementById('summary'),c0=load();if(!c0.length){sm.append(el('p',{class:'notice'},'Your cart is empty.'))}else{var ul=el('ul');c0.forEach(function(l){ul.append(el('li',{},l.quantity+' × '+l.name+' ('+l.color+', '+l.size+')'+(l.details&&l.details.length?' – '+l.details.join('; '):'')))});sm.append(ul)}
function fillStates(){var list=states[country.value];st.textContent='';if(list){st.hidden=false;stt.hidden=true;st.append(el('option',{value:''},'Choose…'));list.forEach(function(s){st.append(el('option',{value:s.value},s.text))})}else{st.hidden=true;stt.hidden=false}}
country.addEventListener('change',fillStates);fillStates();
function api(url,body){return fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(j){j.status=r.status;return j})})}
function say(t,bad){msg.textContent=t;msg.className=bad?'notice error':t?'notice':''}
cf.addEventListener('submit',function(e){e.preventDefault();var f=new FormData(cf),tip=f.get('tip');say('');
var items=[];load().forEach(function(l,i){if(l.set)l.set.forEach(function(x){items.push({campaign_id:l.campaign_id,product_id:x.product_id,color:x.color,size:x.size,quantity:l.quantity,bundle:i})});else{var it={campaign_id:l.campaign_id,product_id:l.product_id,color:l.color,size:l.size,quantity:l.quantity};if(l.personalization)it.personalization=l.personalization;items.push(it)}});
var body={items:items,email:f.get('email'),marketing_opt_in:f.get('marketing_opt_in')==='1',
shipping_address:{name:f.get('name'),line1:f.get('line1'),city:f.get('city'),postcode:f.get('postcode')||'',country:f.get('country')}};
var l2=f.get('line2');if(l2)body.shipping_address.line2=l2;var s=states[country.value]?f.get('state'):f.get('state-text');if(s)body.shipping_address.state=s;
if(tip!=='none')body.tip_percent=Number(tip);var cp=f.get('coupon');if(cp)body.coupon=cp;
if(!body.items.length){say('Your cart is empty.',true);return}
api('/public/stores/'+encodeURIComponent(slug)+'/checkouts',body).then(function(j){if(!j.success){say(j.message||'Please check the form.',true);return}
checkoutId=j.data.checkout_id;var t=j.data.totals,tot=d.getElementById('totals'),tb=el('table');tot.textContent='';
[['Subtotal',t.subtotal],['Discount',-t.discount],['Shipping',t.shipping],['Tip',t.tip],['Processing fee',t.processing_fee],['Total',t.total]].forEach(function(r){if(r[1]||r[0]==='Shipping'||r[0]==='Total'||r[0]==='Subtotal'){var tr=el('tr');tr.append(el('th',{scope:'row'},r[0]),el('td',{},(r[1]<0?'−':'')+minor(Math.abs(r[1]))));tb.append(tr)}});tot.append(tb);
if(j.data.address_invalid)tot.append(el('p',{class:'notice'},'We could not check this address ('+j.data.address_problems.map(function(p){return p.message}).join('; ')+'). We will contact you if the carrier needs more.'));
var pb=d.getElementById('pay');pb.textContent='Pay '+minor(t.total)+(pb.dataset.gateway==='paypal'?' with PayPal':'');
if(pb.dataset.gateway==='stripe')api('/public/checkouts/'+checkoutId+'/stripe',{}).then(function(j){if(!j.success){say(j.message||'Stripe cannot be reached. Please try again.',true);return}
if(!j.data.client_secret){location.href=j.data.return_url;return}if(typeof Stripe!=='function'){say('Stripe cannot be reached. Please try again.',true);return}
stripe=Stripe(j.data.publishable_key);elements=stripe.elements({clientSecret:j.data.client_secret});d.getElementById('payment-element').textContent='';elements.create('payment').mount('#payment-element');stripeReturn=j.data.return_url;pb.disabled=false},function(){say('The shop cannot be reached. Please try again.',true)});d.getElementById('payment').hidden=false;(d.getElementById('card')||d.getElementById('pay')).focus()},function(){say('The shop cannot be reached. Please try again.',true)})});
d.getElementById('pay').addEventListener('click',function(){if(!checkoutId)return;var bt=this;bt.disabled=true;
if(bt.dataset.gateway==='stripe'){if(!elements){bt.disabled=false;return}say('Processing your payment…');stripe.confirmPayment({elements:elements,confirmParams:{return_url:stripeReturn}}).then(function(r){bt.disabled=false;if(r.error)say(r.error.message||'The payment failed.',true)});return}
if(bt.dataset.gateway==='paypal'){say('Taking you to PayPal…');api('/public/checkouts/'+checkoutId+'/paypal',{}).then(function(j){if(j.success){location.href=j.data.redirect_url;return}bt.disabled=false;say(j.message||'PayPal cannot be reached. Please try again.',true)},function(){bt.disabled=false;say('The shop cannot be reached. Please try again.',true)});return}
say('Processing your payment…');
var body={gateway:'test',card_number:d.getElementById('card').value};if(pending)body.payment_reference=pending;
api('/public/checkouts/'+checkoutId+'/pay',body).then(function(j){bt.disabled=false;
if(j.success){localStorage.removeItem(KEY);location.href=prefix+'/thank-you/'+checkoutId;return}
if(j.errors&&j.errors.requires_action){pending=j.errors.requires_action[0];bt.textContent='Confirm payment';say(j.message+' Press “Confirm payment” to approve it.',true);return}
say(j.message||'The payment failed.',true)},function(){bt.disabled=false;say('The shop cannot be reached. Please try again.',true)})})}
// Review form
var rf=d.getElementById('review-form');
if(rf)rf.addEventListener('submit',function(e){e.preventDefault();var f=new FormData(rf),m=d.getElementById('review-message');m.textContent='Sending…';
fetch('/public/stores/'+encodeURIComponent(rf.dataset.store)+'/reviews',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({campaign_id:Number(rf.dataset.campaign),order_number:f.get('order_number'),email:f.get('email'),rating:Number(f.get('rating')),title:f.get('title'),text:f.get('text')})})
.then(function(r){return r.json()}).then(function(j){m.textContent=j.message||(j.success?'Thank you!':'Please check the form.');if(j.success)rf.reset()},function(){m.textContent='The shop cannot be reached. Please try again.'})});
// Order lookup: the buyer asks the shop to cancel
var kf=d.getElementById('cancel-form');
if(kf)kf.addEventListener('submit',function(e){e.preventDefault();var m=d.getElementById('cancel-message'),bt=kf.querySelector('button'),r=new FormData(kf).get('reason'),body={number:kf.dataset.number,email:kf.dataset.email};if(r)body.reason=String(r);bt.disabled=true;
function tell(t,ok){m.textContent=t;m.className=ok?'notice':'notice error';if(!ok)bt.disabled=false}
fetch('/public/orders/cancel-request',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(x){return x.json()}).then(function(j){tell(j.message||(j.success?'Sent.':'The request failed.'),j.success)},function(){tell('The shop cannot be reached. Please try again.',false)})});
})();`;

/**
 * The script's address in pages: versioned by a hash of its text, so it is cached for a year
 * (`immutable`) and a new release is fetched at once.
 */
export const STOREFRONT_SCRIPT_URL = `/public/storefront.js?v=${createHash('sha256').update(STOREFRONT_SCRIPT).digest('hex').slice(0, 12)}`;
